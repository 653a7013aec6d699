/** The tool's name as the model and tool policy see it (the catalog's `browser`). */
export const BROWSER_TOOL_NAME = "browser";
