/** The version of the interface this service speaks: the OpenAPI document's and the MCP server's. */
export const API_VERSION = '1.0.5';
