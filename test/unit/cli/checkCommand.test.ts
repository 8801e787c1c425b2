import * as assert from 'node:assert/strict';
import { checkCommand } from '../../../src/cli/checkCommand';
import { startDemo, type RunningDemo, runOnDemo } from '../../support/demo';

const check = (demo: RunningDemo, ...args: string[]) => runOnDemo(demo, checkCommand, ...args);

describe('cluster-anatomy check --lang, on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;

  before(async () => {
    demo = await startDemo({ timeScale: 20 });
  });
  after(async () => {
    await demo?.stop();
  });

  it('words the steps and the findings from the hands-on catalog: English by default, Japanese with --lang ja', async () => {
    const english = await check(demo, '--wait', '0');
    assert.match(english.stdout, /^Hands-on checks on kind-multi-node\n/);
    assert.match(english.stdout, /\d\. Telling the static Pods apart\n/);
    assert.match(
      english.stdout,
      /kube-apiserver-multi-node-control-plane: annotation kubernetes\.io\/config\.mirror, labels component=kube-apiserver, tier=control-plane, Node: multi-node-control-plane\./,
    );

    const japanese = await check(demo, '--wait', '0', '--lang', 'ja');
    assert.equal(japanese.code, english.code);
    assert.match(japanese.stdout, /^kind-multi-node での「手元で試す」の確認\n/);
    assert.match(japanese.stdout, /\d\. static Pod を見分ける\n/);
    assert.match(
      japanese.stdout,
      /kube-apiserver-multi-node-control-plane：アノテーション kubernetes\.io\/config\.mirror、ラベル component=kube-apiserver, tier=control-plane、Node: multi-node-control-plane。/,
    );
    assert.doesNotMatch(japanese.stdout, /Telling the static Pods apart|steps hold/);
    // The kubectl commands stay as they are typed.
    assert.match(japanese.stdout, /\$ kubectl get nodes/);
  });

  it('refuses a language it does not have', async () => {
    const { code, stderr } = await check(demo, '--lang', 'fr');
    assert.equal(code, 2);
    assert.match(stderr, /--lang must be one of en, ja/);
  });
});
