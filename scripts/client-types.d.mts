export declare const CLIENT_TYPES_FILE: string;
export declare const CLIENT_TYPES_COMMAND: string;
export declare function clientTypesFromDocument(document: { paths?: Record<string, unknown> }): Promise<string>;
