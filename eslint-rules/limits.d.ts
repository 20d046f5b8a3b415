// Types for limits.js, which eslint.config.js (plain JavaScript) and the architecture tests both import.
export declare const LIMITS: { sourceLines: number; testLines: number; filesPerFolder: number };
export declare const TEST_FILES: string[];
export declare const LONG_FILES: string[];
export declare const LARGE_FOLDERS: string[];
