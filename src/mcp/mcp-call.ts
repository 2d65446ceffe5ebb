import type { RequestInfo } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../modules/accounts/accounts.service.js';

/** What a tool call needs of the POST /mcp that carried it: who calls, and where its unexpected failures go. */
export interface McpCall {
  caller: Caller;
  log: (error: unknown) => void;
}

/** The call of each POST, found again from the `requestInfo` the SDK hands to every request handler. */
const calls = new WeakMap<RequestInfo, McpCall>();

/** Ties `call` to the POST's `requestInfo` (the transport makes one for each POST). */
export function rememberCall(requestInfo: RequestInfo, call: McpCall): void {
  calls.set(requestInfo, call);
}

/** The POST a request handler runs for; throws for a request that came through another transport. */
export function callOf(extra: { requestInfo?: RequestInfo | undefined }): McpCall {
  const call = extra.requestInfo && calls.get(extra.requestInfo);
  if (!call) throw new Error('MCP request without its POST /mcp');
  return call;
}
