/** Types of scripts/node24.mjs (for the TypeScript bench and soak files that use it). */
export declare const NODE24_VERSION: string;
export declare const NODE24_DIR: string;
/** Path of the Node 24 binary, installed from the npm registry into .tools/node24 when missing. */
export declare function ensureNode24(): string;
