import { http } from "../lib/http";

/*
 * The Save widget's one call (spec section 7): POST the opposite of the
 * current flag as JSON. The http client adds the JSON content type, the CSRF
 * header from the meta tag and the XMLHttpRequest marker.
 */

export interface SaveCall {
  endpoint: string;
  resourceId: number;
  resourceType: string;
  toSave: boolean;
}

/** Only `success` is read from the answer (spec section 3). */
export function isSaveSuccess(body: unknown): boolean {
  return body !== null && typeof body === "object" && (body as { success?: unknown }).success === true;
}

/**
 * Resolves when the server confirmed the new flag; rejects on a non-OK answer
 * (the client's HttpError), a network failure, or an OK answer without
 * `success: true`, so the caller has one failure path.
 */
export async function sendSave(call: SaveCall): Promise<void> {
  const body = await http.post<unknown>(call.endpoint, {
    resource_id: call.resourceId,
    resource_type: call.resourceType,
    to_save: call.toSave,
  });
  if (!isSaveSuccess(body)) throw new SaveRefusedError(body);
}

/** The server answered OK but did not say success: true. */
export class SaveRefusedError extends Error {
  override name = "SaveRefusedError";
  constructor(readonly body: unknown) {
    super("The save call answered without success: true");
  }
}
