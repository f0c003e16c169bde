// Preloaded into the importer's process by import-memory.test.ts: on exit, writes the process's peak resident memory (bytes).
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  writeFileSync(process.env.PEAK_MEMORY_FILE, String(process.resourceUsage().maxRSS * 1024));
});
