import { describe, expect, it } from 'vitest';
import { allReviewFlags, codeFlags } from './codeFlags.ts';
import { unreadableName } from './obfuscationFlags.ts';

const brief = (code: string, file = 'src/App.tsx') =>
  codeFlags(file, code).map((f) => `${f.line}:${f.column} ${f.kind} ${f.label}`);
const kinds = (code: string, file = 'src/App.tsx') => codeFlags(file, code).map((f) => f.kind);
// Real base64 of random bytes mixes cases and digits.
const B64 = 'k3J9vQ2xLp8Zr0aYw5TnB7uHc1MdE4sFg6OiRj'.repeat(4);

describe('codeFlags: what the code reaches for', () => {
  it('flags network APIs by line and column, the global object’s too, never a property or a type', () => {
    const code = [
      "fetch('/a');",
      'const ws = new WebSocket(u); const x = new XMLHttpRequest();',
      'new EventSource(u); window.fetch(u); globalThis["WebSocket"];',
      'navigator.sendBeacon("/b", d);',
      'api.fetch(u); const o = { fetch: 1 }; let s: WebSocket | undefined;',
      'function get(fetch: F) { return fetch(u); }',
    ].join('\n');
    expect(brief(code)).toEqual([
      '1:1 network fetch',
      '2:16 network WebSocket',
      '2:44 network XMLHttpRequest',
      '3:5 network EventSource',
      '3:28 network fetch',
      '3:38 network WebSocket',
      '4:11 network navigator.sendBeacon',
    ]);
    // A file that binds the name at its top level uses its own.
    expect(kinds("import { fetch } from './api';\nfetch(u);")).toEqual([]);
    expect(kinds('const fetch = (u: string) => u;\nfetch(u);')).toEqual([]);
  });

  it('flags eval, Function, string timers, computed import() and require(), computed global names', () => {
    const code = [
      'eval(s); const e = { eval };',
      "new Function('a', b); Function(b)(); setTimeout('go()', 9); setInterval(`tick()`, 9);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an app's template literal, as source text
      'import(name); import(`./${p}.ts`); require(n); globalThis[k]; window["eval"];',
      "(() => 0).constructor('return 1')();",
    ].join('\n');
    expect(brief(code)).toEqual([
      '1:1 dynamic_code eval',
      '1:22 dynamic_code eval',
      '2:5 dynamic_code new Function',
      '2:23 dynamic_code Function',
      '2:38 dynamic_code setTimeout with code in a string',
      '2:61 dynamic_code setInterval with code in a string',
      '3:1 dynamic_code import() of a computed specifier',
      '3:15 dynamic_code import() of a computed specifier',
      '3:36 dynamic_code require with a computed module name',
      '3:48 dynamic_code globalThis[…], a computed name on the global object',
      '3:63 dynamic_code eval',
      '4:11 dynamic_code .constructor(…), which builds a function from text when called on one',
    ]);
    const plain = [
      "import React from 'react'; const m = import('./m.ts'); const t = import(`./t.ts`, { with: {} });",
      "require('./x'); setTimeout(() => go(), 9); Function.prototype.call; a.eval(b);",
      'const evaluate = 1; // eval(x) in a comment',
      "const s = 'fetch(u) and eval(x) in a string'; import.meta.url;",
    ].join('\n');
    expect(brief(plain)).toEqual([]);
  });

  it('lists the storage keys used through @room/sdk, however it is imported, literal or computed', () => {
    const code = [
      "import { storage as s, useStoredState } from '@room/sdk';",
      "import * as sdk from '@room/sdk';",
      "const [team] = useStoredState('team', []);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an app's template literal, as source text
      "await s.set(`todo:${id}`, v); await s.get('x'); s.delete(k); s.keys(); s.clear();",
      'sdk.storage.get("y"); sdk.useStoredState(name, 0);',
    ].join('\n');
    expect(brief(code)).toEqual([
      "3:16 storage_key useStoredState('team')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the label quotes the app's source
      '4:7 storage_key storage.set(computed: `todo:${id}`)',
      "4:37 storage_key storage.get('x')",
      '4:49 storage_key storage.delete(computed: k)',
      '4:62 storage_key storage.keys(), every key',
      '4:72 storage_key storage.clear(), every key',
      '5:1 storage_key storage.get("y")',
      '5:23 storage_key useStoredState(computed: name)',
    ]);
    // Another module's `storage` or `useStoredState` is not the SDK's.
    const other =
      "import { storage, useStoredState } from './local';\nstorage.get('a'); useStoredState('b', 1);";
    expect(kinds(other)).toEqual([]);
  });

  it('quotes a key safely: hidden characters escaped, long keys cut', () => {
    const [flag] = codeFlags(
      'src/a.ts',
      `import { storage } from '@room/sdk';\nstorage.get('a\u202Eb${'c'.repeat(80)}');`,
    );
    expect(flag?.label).toMatch(/^storage\.get\('a\\u\{202E\}bc+…\)$/);
  });
});

describe('codeFlags: signs of obfuscation', () => {
  it('flags long base64, hex and escape runs in strings and templates, by column', () => {
    const hex = 'deadbeef'.repeat(11);
    const escapes = '\\x41'.repeat(16);
    const code = `const a = 1, p = "${B64}";\nconst h = \`0x${hex}\`;\nconst e = '${escapes}';`;
    expect(brief(code, 'src/a.ts')).toEqual([
      `1:19 encoded_literal base64, ${B64.length} characters`,
      '2:12 encoded_literal hex, 90 characters',
      '3:12 encoded_literal 16 escaped characters in a row',
    ]);
    // A SHA-256, a sentence, one-case words and short escapes are ordinary; so is base64 in a comment.
    const ordinary = [
      `const sha = '${'ab12'.repeat(16)}';`,
      `const s = '${'The quick brown fox. '.repeat(10)}';`,
      `const path = '${'segment/'.repeat(20)}';`,
      `const e = '${'\\x41'.repeat(15)}'; // ${B64}`,
    ].join('\n');
    expect(kinds(ordinary, 'src/a.ts')).toEqual([]);
    // Other files are searched line by line.
    expect(brief(`{\n  "font": "data:font/woff2;base64,${B64}"\n}`, 'src/data.json')).toEqual([
      `2:35 encoded_literal base64, ${B64.length} characters`,
    ]);
  });

  it('flags each unreadable name once, at its first use, with its count', () => {
    const code = 'const _0x3f2a1b = 1, lIlI = 2, pаss = 3;\nlIlI + _0x3f2a1b + lIlI;';
    expect(brief(code, 'src/a.ts')).toEqual([
      '1:7 unreadable_name _0x3f2a1b: a generated hex-style name (2 uses)',
      '1:22 unreadable_name lIlI: spelled in look-alike I, l, 1, O and 0 (3 uses)',
      '1:32 unreadable_name pаss: mixes Cyrillic and Latin letters',
    ]);
    for (const name of [
      'value',
      'i',
      'x1',
      '_0x',
      'IO',
      '____',
      'III',
      'useStoredState',
      '東京Weather',
      'café',
    ])
      expect(unreadableName(name), name).toBeUndefined();
  });
});

describe('codeFlags: files Sucrase cannot read', () => {
  it('says so where it stops and still searches the text', () => {
    expect(brief('const = 1;\nfetch(u); eval(s);', 'src/bad.ts')).toEqual([
      '1:7 unparsed Sucrase cannot read it: Unexpected token (1:7); searched as text',
      '2:1 network fetch (as text)',
      '2:11 dynamic_code eval (as text)',
    ]);
    // JSX only in .tsx, .jsx and .js, as the frame compiles them: the same file as .ts does not parse.
    expect(kinds('export default () => <div />;', 'src/App.tsx')).toEqual([]);
    expect(kinds('export default () => <div />;', 'src/App.ts')).toContain('unparsed');
  });
});

describe('allReviewFlags', () => {
  it('puts the layout and hidden-character flags and the code flags of each file together, by line', () => {
    const files = {
      'src/App.tsx': `fetch(u);\nconst a = "\u202E";\n${'x'.repeat(301)}`,
      'src/b.ts': 'eval(s);',
    };
    expect(allReviewFlags(files).map((f) => `${f.file}:${f.line} ${f.kind}`)).toEqual([
      'src/App.tsx:1 network',
      'src/App.tsx:2 hidden_character',
      'src/App.tsx:3 long_line',
      'src/b.ts:1 dynamic_code',
    ]);
  });
});
