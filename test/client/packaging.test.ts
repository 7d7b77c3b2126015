// The client builds on its own: tsconfig.client.json emits ESM with .js import paths and declarations that a strict
// consumer type-checks through the package's `./client` export, and src/client imports nothing outside itself.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const SOURCES = join(ROOT, 'src/client');

/** Runs a command, failing the test with its output when it exits non-zero. */
function run(file: string, args: string[], cwd: string): string {
  try {
    return execFileSync(file, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    assert.fail(`${file} ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

test('src/client imports only its own files, by relative .ts paths', () => {
  const specifiers: string[] = [];
  for (const file of readdirSync(SOURCES)) {
    const text = readFileSync(join(SOURCES, file), 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\b[^;]*?from\s+'([^']+)'/gms)) specifiers.push(match[1]);
  }
  assert.ok(specifiers.length > 0);
  assert.deepEqual(
    specifiers.filter((s) => !/^\.\/[A-Za-z]+\.ts$/.test(s)),
    [],
  );
});

/** Emits the client once into a fake installed copy of this package, under a consumer project. */
function emitIntoConsumer(t: { after(fn: () => void): void }): { consumer: string; out: string } {
  const consumer = mkdtempSync(join(tmpdir(), 'quote-client-'));
  t.after(() => rmSync(consumer, { recursive: true, force: true }));
  const pkg = join(consumer, 'node_modules/chain369-quote-service');
  const out = join(pkg, 'dist/client');
  run(process.execPath, [TSC, '-p', 'tsconfig.client.json', '--outDir', out], ROOT);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const { name, type, exports } = manifest;
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name, type, exports }));
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
  return { consumer, out };
}

test('tsconfig.client.json emits declarations a strict consumer type-checks and ESM it runs', async (t) => {
  const { consumer, out } = emitIntoConsumer(t);

  await t.test('index.d.ts exists, exports QuoteClient, and every source has its declaration', () => {
    const files = readdirSync(out).sort();
    assert.deepEqual(
      files.filter((f) => f.endsWith('.d.ts')).map((f) => f.replace(/\.d\.ts$/, '.ts')),
      readdirSync(SOURCES).sort(),
    );
    assert.match(
      readFileSync(join(out, 'index.d.ts'), 'utf8'),
      /^export \{[^}]*\bQuoteClient\b[^}]*\} from '\.\/QuoteClient\.ts';$/m,
    );
  });

  await t.test('every relative import of the emitted JS ends in .js', () => {
    for (const file of readdirSync(out).filter((f) => f.endsWith('.js'))) {
      for (const [, specifier] of readFileSync(join(out, file), 'utf8').matchAll(/from "([^"]+)"/g)) {
        assert.match(specifier, /^\.\/[A-Za-z]+\.js$/, `${file} imports ${specifier}`);
      }
    }
  });

  await t.test('a strict NodeNext consumer type-checks through the ./client export, and a type error is caught', () => {
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          lib: ['ES2022', 'DOM'],
          types: [],
          skipLibCheck: false,
          noEmit: true,
        },
        files: ['main.ts', 'wrong.ts'],
      }),
    );
    writeFileSync(
      join(consumer, 'main.ts'),
      [
        "import { Platform, QuoteClient, QuoteMode, type QuoteRequest, type QuoteResult } from 'chain369-quote-service/client';",
        "const request: QuoteRequest = { chainId: 369, fromToken: '0x', toToken: '0x', amountIn: '1', slippage: 1, mode: QuoteMode.FAST };",
        'export const result: Promise<QuoteResult | null> = new QuoteClient({}).getQuote(request, Platform.ROUTER_OWN);',
      ].join('\n'),
    );
    // Proves the declarations carry real types rather than `any`: this file must fail to type-check.
    writeFileSync(
      join(consumer, 'wrong.ts'),
      "import { QuoteClient } from 'chain369-quote-service/client';\nexport const n: number = new QuoteClient({});\n",
    );
    let output = '';
    try {
      execFileSync(process.execPath, [TSC, '-p', '.'], { cwd: consumer, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = (error as { stdout: string }).stdout;
    }
    assert.equal(output.trim(), "wrong.ts(2,14): error TS2322: Type 'QuoteClient' is not assignable to type 'number'.");
  });

  await t.test('the emitted JS runs from the ./client export', () => {
    writeFileSync(
      join(consumer, 'main.mjs'),
      [
        "import { Platform, QuoteClient, QuoteMode } from 'chain369-quote-service/client';",
        "const request = { chainId: 369, fromToken: '0x', toToken: '0x', amountIn: '1', slippage: 1, mode: QuoteMode.FAST };",
        'const result = await new QuoteClient({}).getQuote(request, Platform.ROUTER_OWN);',
        'console.log(JSON.stringify(result), Object.keys(Platform).length, QuoteMode.OPTIMAL);',
      ].join('\n'),
    );
    assert.equal(run(process.execPath, ['main.mjs'], consumer), 'null 12 optimal\n');
  });
});
