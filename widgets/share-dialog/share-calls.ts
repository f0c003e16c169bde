import { http } from "../lib/http";

/*
 * The share dialog's two calls (docs/resource-tools.md). The http client adds
 * the JSON content type, the CSRF header and the XMLHttpRequest marker.
 */

export type LinkType = "student" | "teacher";

export interface ShareLink {
  link: string;
  /** What the revoke path needs. */
  token: string;
}

/** The token is the link's last path segment: `/resources/shared/<token>/`. */
export function tokenOf(link: string): string {
  try {
    return new URL(link, window.location.href).pathname.split("/").filter(Boolean).pop() ?? "";
  } catch {
    return "";
  }
}

export interface CreateCall {
  endpoint: string;
  type: LinkType;
  resourceId: number;
  resourceType: string;
}

/** POST {type, resource_id, resource_type} -> {link}. Rejects on any failure or an answer without a link. */
export async function createLink(call: CreateCall): Promise<ShareLink> {
  const body = await http.post<{ link?: unknown } | undefined>(call.endpoint, {
    type: call.type,
    resource_id: call.resourceId,
    resource_type: call.resourceType,
  });
  const link = typeof body?.link === "string" ? body.link : "";
  const token = tokenOf(link);
  if (link === "" || token === "") throw new Error("The share-link answer had no usable link");
  return { link, token };
}

/** POST to the revoke path (`{token}` filled in); rejects unless it answers OK. */
export async function revokeLink(endpointTemplate: string, token: string): Promise<void> {
  await http.post<unknown>(endpointTemplate.replace("{token}", encodeURIComponent(token)));
}
