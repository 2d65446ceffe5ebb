// Portkey's open-source AI gateway (@portkey-ai/gateway, a devDependency) as the gateway bench/chat.mjs measures
// Atelier against. The package's bin, build/start-server.js, is its Hono app served by @hono/node-server on
// `--port=N` (default 8787; `--headless` leaves out the log UI), listening on every interface. This file has two roles:
//  - run as a script (`node bench/portkey.mjs --port=N --headless`), it is that child process: it makes a listen()
//    that names no host bind 127.0.0.1 only, then runs the bin, which reads the same arguments;
//  - imported, startPortkey() starts that child on a free port and resolves once GET / answers, and
//    portkeyTarget() gives the headers that route a request through it to an OpenAI-compatible upstream:
//    provider `openai` with a custom host (127.0.0.1 is a trusted custom host by default) and any bearer key.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, onCleanup, root, stop, tempDir } from './lib.mjs';

const PACKAGE = '@portkey-ai/gateway';
/** Only the end of what the child prints is kept, for error messages. */
const OUTPUT_KEPT = 8_000;

/** The installed package's version and the absolute path of its bin script; throws if it is not installed. */
export function portkeyPackage() {
  let manifestPath;
  try {
    manifestPath = createRequire(join(root, 'package.json')).resolve(`${PACKAGE}/package.json`);
  } catch {
    throw new Error(`${PACKAGE} is not installed (it is a devDependency: npm install)`);
  }
  /** @type {{ version?: string, bin?: string | Record<string, string> }} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error(`${PACKAGE} has no bin in ${manifestPath}`);
  return { version: manifest.version ?? '?', bin: join(dirname(manifestPath), bin) };
}

/**
 * Starts the gateway in its own process on a free port on 127.0.0.1 (stopped by lib.mjs's cleanup()).
 * @returns {Promise<import('./lib.mjs').Server & { version: string }>}
 */
export async function startPortkey() {
  const { version } = portkeyPackage();
  const port = await freePort();
  // Nothing of the caller's environment that would change where it sends requests or what it keeps.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(https?_proxy|no_proxy|port|node_env|environment|redis_connection_string|trusted_custom_hosts)$/i.test(k),
    ),
  );
  const cwd = tempDir('atelier-bench-portkey-');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), `--port=${port}`, '--headless'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onCleanup(() => stop(child));
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (d) => {
      output = (output + d).slice(-OUTPUT_KEPT);
    });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`Portkey's gateway exited with code ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, output: () => output, version };
  }
  await stop(child);
  throw new Error(`Portkey's gateway did not answer GET / within 30 s:\n${output}`);
}

/**
 * Where to send a chat completion through the gateway so that it calls `upstreamUrl` (e.g. http://127.0.0.1:1234/v1).
 * @param {string} gatewayUrl
 * @param {string} upstreamUrl
 * @returns {{ label: string, url: string, headers: Record<string, string> }} a Target of bench/chat.mjs
 */
export function portkeyTarget(gatewayUrl, upstreamUrl) {
  return {
    label: 'Portkey',
    url: `${gatewayUrl}/v1/chat/completions`,
    headers: {
      'content-type': 'application/json',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': upstreamUrl,
      authorization: 'Bearer bench-not-a-real-key',
    },
  };
}

// Run as the child process: bind to loopback only, then start the gateway's own server.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = /** @type {typeof listen} */ (
    /**
     * @this {net.Server}
     * @param {unknown[]} args
     */
    function listenOnLoopback(...args) {
      // listen(port[, host][, backlog][, callback]) with no host: put 127.0.0.1 in its place.
      if (typeof args[0] === 'number' && typeof args[1] !== 'string')
        args.splice(1, args[1] === undefined ? 1 : 0, '127.0.0.1');
      return Reflect.apply(listen, this, args);
    }
  );
  await import(pathToFileURL(portkeyPackage().bin).href);
}
