/** Entry point of the Control UI bundle. */
import "./styles/app.css";
import "./styles/attachments.css";
import "./styles/diagnostics.css";
import { render } from "preact";
import { GatewayLink } from "./gateway/link.js";
import { App } from "./shell/app.js";

const link = new GatewayLink();
const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(<App link={link} />, root);
}
void link.resume();
