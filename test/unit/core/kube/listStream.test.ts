import * as assert from 'node:assert/strict';
import { ListBodyError, ListBodyParser } from '../../../../src/core/kube/listStream';

/** Parses `text` fed in chunks of `size` bytes: the top-level fields and the items, in order. */
function parse(text: string, size: number, maxElementBytes = 1e9): { fields: Record<string, unknown>; items: unknown[] } {
  const fields: Record<string, unknown> = {};
  const items: unknown[] = [];
  const parser = new ListBodyParser(
    { onField: (key, value) => (fields[key] = value), onElement: (item) => items.push(item) },
    maxElementBytes,
  );
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) parser.write(bytes.subarray(at, at + size));
  parser.end();
  return { fields, items };
}

function expected(text: string): { fields: Record<string, unknown>; items: unknown[] } {
  const { items, ...fields } = JSON.parse(text) as { items?: unknown[] };
  return { fields, items: items ?? [] };
}

describe('a list body read as it streams in', () => {
  const bodies = [
    '{"kind":"PodList","metadata":{"resourceVersion":"5","continue":""},"items":[{"a":"x}\\"]","b":[1,{"c":2}]},{"é":"ü 日本"}],"tail":true}',
    ' { "kind" : "List" , "metadata" : { } , "items" : [ {"k":"v"} , {"k":"w"} ] , "x": 3 } ',
    '{"items":[1, "two", null, {"k":"v"}, [1,2]],"kind":"X"}',
    '{"items":[]}',
    '{"kind":"X"}',
    '{"items":[{"a":"\\\\"},{"b":"\\\\\\""},{"c":"x\\\\\\\\"}],"metadata":{"resourceVersion":"7"}}',
    '{"kind":"a\\"b","items":[{"k\\"":"\\u0041 \\\\u0042"}]}',
  ];

  it('gives every item and field as JSON.parse does, however the body is cut into chunks', () => {
    for (const body of bodies) {
      for (const size of [1, 2, 3, 5, 7, 64, 1 << 20]) assert.deepEqual(parse(body, size), expected(body), `${body} in chunks of ${size}`);
    }
  });

  it('fails a body that is not one JSON object, is cut short, or goes on after it', () => {
    for (const body of ['[1,2]', '{"items":[{"a":1}', '{"items":[]} {"more":1}', 'garbage', '{"items":[{"a":tru}]}']) {
      assert.throws(() => parse(body, 3), ListBodyError, body);
    }
  });

  it('fails an item larger than the cap as soon as it is, not when it ends', () => {
    const parser = new ListBodyParser({ onField: () => undefined, onElement: () => undefined }, 1024);
    parser.write(Buffer.from('{"items":[{"small":1},{"big":"'));
    assert.throws(() => parser.write(Buffer.alloc(2048, 'a')), /element too large/);
  });
});
