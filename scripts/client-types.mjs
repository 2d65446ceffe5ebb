// The one recipe that turns the service's OpenAPI document into packages/client/src/generated/openapi.ts.
// Shared by scripts/generate-client-types.mjs (writes the file) and test/client-types.test.ts (fails when
// the committed file is not what the live /openapi.json gives), so the two can never disagree.
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';

export const CLIENT_TYPES_FILE = 'packages/client/src/generated/openapi.ts';
export const CLIENT_TYPES_COMMAND = 'npm run client:types';

/** The dashboard's pages are HTML for browsers, not part of the API a client calls. */
const isApiPath = (path) => !path.startsWith('/dashboard');

/** @param {{ paths?: Record<string, unknown> }} document the parsed /openapi.json */
export async function clientTypesFromDocument(document) {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => isApiPath(path)));
  const ast = await openapiTS({ ...document, paths }, { silent: true });
  const header = `${COMMENT_HEADER}// From the service's /openapi.json by scripts/generate-client-types.mjs (the dashboard's pages left out).\n// Regenerate with: ${CLIENT_TYPES_COMMAND}\n\n`;
  return header + astToString(ast);
}
