import { healthProblems, renderHealthText } from '../core/health/render';
import { readControlPlaneHealth } from '../core/health/healthRead';
import { defaultHealthStrings } from '../core/health/strings';
import { cliCatalog, cliLanguage } from './language';
import { type CliCommand, EXIT_OK, namespaceOption, namespacesOf, parseCommandArgs } from './run';

/** The exit code when the report finds a problem (a failing check, a lock nobody renews, skew, a certificate near its end). */
export const EXIT_PROBLEMS = 3;

/** The exit code when nothing wrong was found but some checks could not be made (RBAC hides what they read). */
export const EXIT_NOT_CHECKED = 4;

export const healthCommand: CliCommand = {
  name: 'health',
  summary: "the control plane's checks, leaders, API servers, version skew and certificates",
  usage: [
    'Usage: cluster-anatomy health [--kubeconfig FILE] [--context NAME] [-n NAMESPACE]… [--json] [--lang en|ja]',
    '',
    "Reads the cluster once: kube-apiserver's /readyz and /livez checks, who leads kube-controller-manager and",
    'kube-scheduler (their Leases in kube-system), how many API servers there are, the version skew against the',
    "official policy, the API server's serving certificate, your client certificate and pending kubelet",
    'certificate requests. Exit 0 when it finds no problem, 3 when it does, 4 when it finds none but could not',
    'check everything (RBAC hides what some parts read: the report names each, with the permission and the',
    'kubectl auth can-i line that checks it), 1 when the cluster cannot be read.',
    '--lang ja words the report in Japanese.',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCommandArgs(args, {
      kubeconfig: { type: 'string' },
      context: { type: 'string' },
      ...namespaceOption,
      json: { type: 'boolean' },
      lang: { type: 'string' },
    });
    const strings = cliCatalog(defaultHealthStrings, cliLanguage(values.lang));
    const report = await readControlPlaneHealth({
      kubeconfig: values.kubeconfig,
      context: values.context,
      env: io.env,
      namespaces: namespacesOf(values.namespace),
    });
    io.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderHealthText(report, strings));
    if (healthProblems(report).length > 0) return EXIT_PROBLEMS;
    return report.notChecked?.length ? EXIT_NOT_CHECKED : EXIT_OK;
  },
};
