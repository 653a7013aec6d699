/** Light, dark, or the system's choice; kept in localStorage and applied as `data-theme`. */
import { createStore } from "../gateway/store.js";

export type ThemeChoice = "system" | "light" | "dark";
const KEY = "claw.theme";

function load(): ThemeChoice {
  const saved = localStorage.getItem(KEY);
  return saved === "light" || saved === "dark" ? saved : "system";
}

export const theme = createStore<ThemeChoice>(load());

function apply(choice: ThemeChoice): void {
  if (choice === "system") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.dataset.theme = choice;
}

apply(theme.get());
theme.subscribe((choice) => {
  apply(choice);
  if (choice === "system") localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
});

/** system → light → dark → system. */
export function nextTheme(choice: ThemeChoice): ThemeChoice {
  return choice === "system" ? "light" : choice === "light" ? "dark" : "system";
}
