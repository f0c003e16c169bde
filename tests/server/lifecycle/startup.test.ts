import { spawnSync } from "node:child_process";
import { projectRoot } from "../../../server/paths";

describe("starting with a bad setting", () => {
  it("prints one line naming the variable and exits 1", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: projectRoot,
      env: { ...process.env, PORT: "eighty", NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty").');
  });
});
