import type { RegisterUpload, SavedRegisterFile } from "../schools";
import { refuse, type Refusal } from "../shared/refusal";
import { roleRefusal } from "./role-refusal";
import type { RegisterDeskDependencies } from "./staff-dependencies";
import type { SignedInStaff } from "./staff-sign-in";

/*
 * The register upload (docs/back-office.md, "The register upload"), owners
 * only: the page's last import, and starting one from a saved upload. The
 * schools capability runs the import in the background (register-uploads.ts);
 * this desk checks the role and writes the audit entries, the second once the
 * import has ended.
 */

export const REGISTER_IMPORT_BUSY_MESSAGE =
  "An import is already running. Wait for it to finish (this page shows its progress), then upload the file again if you still need to.";

const OWNERS_ONLY = "The register upload is for owners.";

export function staffRegisterDesk(deps: RegisterDeskDependencies) {
  return {
    /** The import running now, or the last one (undefined before the first). */
    async registerPage(staff: SignedInStaff): Promise<{ upload: RegisterUpload | undefined } | Refusal> {
      const refused = roleRefusal(staff, "import-register", OWNERS_ONLY);
      if (refused) return refused;
      return { upload: await deps.uploads.latest() };
    },

    /** Asked before the upload is read: the role, then whether an import is running already. */
    async uploadRefusal(staff: SignedInStaff): Promise<Refusal | undefined> {
      const refused = roleRefusal(staff, "import-register", OWNERS_ONLY);
      if (refused) return refused;
      if (await deps.uploads.busy()) return refuse("conflict", REGISTER_IMPORT_BUSY_MESSAGE, { rule: "register-import-running" });
      return undefined;
    },

    /** Starts importing a saved upload in the background; audited as it starts and when it ends. */
    async startImport(staff: SignedInStaff, file: SavedRegisterFile, ip: string): Promise<RegisterUpload | Refusal> {
      const refused = roleRefusal(staff, "import-register", OWNERS_ONLY);
      if (refused) return refused;
      const started = await deps.uploads.start(file, staff.id, async (ended) => {
        await deps.audit.record({
          event: "register.import-finished",
          actorId: null,
          staffActorId: staff.id,
          ip,
          details: { importId: ended.id, status: ended.status, ...(ended.summary ? countsOf(ended) : { error: ended.errorMessage }) },
        });
      });
      if (started === "busy") return refuse("conflict", REGISTER_IMPORT_BUSY_MESSAGE, { rule: "register-import-running" });
      await deps.audit.record({
        event: "register.import-started",
        actorId: null,
        staffActorId: staff.id,
        ip,
        details: { importId: started.id, fileName: started.fileName, bytes: started.bytes },
      });
      return started;
    },
  };
}

function countsOf(upload: RegisterUpload) {
  const summary = upload.summary!;
  return {
    rows: summary.rows,
    created: summary.created,
    updated: summary.updated,
    reopened: summary.reopened,
    closed: summary.closed,
    problems: summary.problemCount,
  };
}

export type StaffRegisterDesk = ReturnType<typeof staffRegisterDesk>;
