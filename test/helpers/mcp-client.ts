import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from './test-app.js';
import { withKey } from './test-app.js';

export type ToolResult = {
  isError?: boolean;
  content: { type: string; text?: string; data?: string; mimeType?: string }[];
  structuredContent?: Record<string, unknown>;
};

/** The MCP SDK's client on a test app's /mcp (the app listening on 127.0.0.1), with `apiKey`. */
export async function mcpClient(t: TestApp, apiKey: string): Promise<Client> {
  const base = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  const client = new Client({ name: 'atelier-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: withKey(apiKey) } }),
  );
  return client;
}

export const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;
export const textOf = (result: ToolResult) => result.content.find((c) => c.type === 'text')?.text ?? '';
export const jsonOf = <T>(result: ToolResult) => JSON.parse(textOf(result)) as T;

/** Calls `name` with `args` until `done` holds of its answer (every 100 ms, at most `timeoutMs`). */
export async function pollTool<T>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  done: (answer: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await callTool(client, name, args);
    if (result.isError) throw new Error(`${name}: ${textOf(result)}`);
    const answer = jsonOf<T>(result);
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
