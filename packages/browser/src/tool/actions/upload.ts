/** `upload`: workspace files into a file input by ref; every path is checked against the workspace. */
import { stat } from "node:fs/promises";
import { resolveRef } from "../../snapshot/page-snapshot.js";
import { required } from "../browser-params.js";
import { type ActionHandler, ownResult } from "../session.js";

export const upload: ActionHandler = async (args, session) => {
  const paths = required(args, "paths");
  if (paths.length === 0) throw new Error('browser action "upload" needs at least one path in "paths".');
  const files: string[] = [];
  for (const path of paths) {
    const absolute = await session.workspace.resolve(path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info?.isFile()) throw new Error(`Cannot upload "${path}": it is not a file in the workspace.`);
    files.push(absolute);
  }
  const page = await session.browser.activeTab();
  const element = await resolveRef(page, required(args, "ref"));
  await element.setInputFiles(files, { timeout: 5_000 });
  const names = files.map((f) => session.workspace.display(f)).join(", ");
  return ownResult(`Attached ${names} to ${args.ref} on ${page.url()}. Submit the form to send it.`, {
    files: names,
  });
};
