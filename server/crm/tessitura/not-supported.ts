/** A port method, or one case of it, that the Tessitura adapter does not do (docs/crm.md, "The Tessitura adapter"). */
export class TessituraNotSupportedError extends Error {
  override name = "TessituraNotSupportedError";
  constructor(method: string, detail?: string) {
    super(detail ? `CrmPort.${method} ${detail} (docs/crm.md)` : `CrmPort.${method} is not supported by the Tessitura adapter yet (docs/crm.md)`);
  }
}
