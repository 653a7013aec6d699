import { packageTestConfig } from "../../vitest.shared.js";

export default packageTestConfig("@claw/gateway", { typecheck: true });
