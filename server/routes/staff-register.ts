import { Router, type Request, type Response } from "express";
import { receiveFileUpload, type UploadProblem } from "../http/file-upload";
import { setFlash } from "../http/flash";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { isRefusal, refuse, type Refusal } from "../shared/refusal";
import type { StaffService } from "../staff";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";

/**
 * The register upload (docs/back-office.md, "The register upload"), owners only:
 *   GET  /staff/register/            the upload form, the import running now (a progress bar, the page
 *                                    refreshing itself every 2 seconds) or the last one's summary
 *   POST /staff/register/?_csrf=…    the Department's establishment CSV (multipart): saved to a temporary
 *                                    file as it arrives, then imported in the background
 * A multipart body is read here, after the CSRF check: the form sends its token in the action's query string
 * (server/http/csrf.ts). A refusal before the file is read (the role, an import running) closes the connection.
 */

export const REGISTER_PATH = "/staff/register/";

/** The national file is about 60 MB; room to grow, and a cap on what a mistaken upload can fill. */
export const REGISTER_UPLOAD_MAX_BYTES = 150 * 1024 * 1024;

const FIELD = "register";

export function staffRegisterRoutes(options: { staff: StaffService }): Router {
  const desk = options.staff.register;
  const router = Router({ strict: true });
  router.use(REGISTER_PATH, signedInStaffOnly, staffNavigation);

  router.get(REGISTER_PATH, async (req, res) => {
    await renderRegister(req, res);
  });

  router.post(REGISTER_PATH, async (req, res) => {
    const staff = signedInStaff(req);
    const refused = await desk.uploadRefusal(staff);
    if (refused) {
      // The file is not read: the connection ends with the answer.
      res.set("Connection", "close");
      if (refused.reason === "forbidden") throw httpErrorOf(refused);
      return renderRegister(req, res, refused);
    }
    const received = await receiveFileUpload(req, { field: FIELD, maxBytes: REGISTER_UPLOAD_MAX_BYTES, prefix: "register-upload-" });
    if ("kind" in received) return renderRegister(req, res, uploadRefusal(received));
    const started = await desk.startImport(staff, received, req.ip ?? "");
    if (isRefusal(started)) return renderRegister(req, res, started);
    setFlash(req, { variant: "success", text: `${started.fileName} is uploaded and its import has started. This page shows its progress.` });
    res.redirect(303, REGISTER_PATH);
  });

  async function renderRegister(req: Request, res: Response, refusal?: Refusal): Promise<void> {
    const { upload } = unlessRefused(await desk.registerPage(signedInStaff(req)));
    const running = upload !== undefined && (upload.status === "queued" || upload.status === "running");
    if (refusal) res.status(httpErrorOf(refusal).status);
    res.render("pages/staff/register.njk", {
      upload,
      running,
      percent: upload && upload.bytes > 0 ? Math.min(100, Math.floor((upload.bytesRead / upload.bytes) * 100)) : 0,
      maxMegabytes: Math.round(REGISTER_UPLOAD_MAX_BYTES / (1024 * 1024)),
      field: FIELD,
      errors: refusal ? (refusal.errors ?? { [FIELD]: [refusal.message] }) : undefined,
    });
  }

  return router;
}

function uploadRefusal(problem: UploadProblem): Refusal {
  const message =
    problem.kind === "too-large"
      ? `The file is larger than ${Math.round(problem.maxBytes / (1024 * 1024))} MB, more than the register's establishment file should be. Check you chose the establishment CSV ("edubasealldata…csv"), then upload it again.`
      : problem.kind === "no-file"
        ? "Choose the establishment CSV file to upload (it must not be empty)."
        : "The upload did not arrive whole. Choose the file and upload it again.";
  return refuse("invalid", message, { rule: `register-upload:${problem.kind}` });
}
