/*
 * The registration wizard's pathways (accounts spec, section 4, "Pathways"):
 * their keys and the labels people choose them by. The wizard builds its
 * pathways on them (widgets/register-wizard/pathways.ts); the server names a
 * support request's school type with them (server/requests/request-details.ts).
 */
export const PATHWAY_KEYS = ["state-school", "independent-school", "individual", "international", "consortium"] as const;
export type PathwayKey = (typeof PATHWAY_KEYS)[number];

export const PATHWAY_LABELS: Readonly<Record<PathwayKey, string>> = {
  "state-school": "UK State School (FREE)",
  "independent-school": "UK Independent School",
  individual: "Homeschool",
  international: "International School",
  consortium: "Group of Schools (UK/Ireland)",
};

/**
 * The wizard's endings a support request can be sent from ("Send these
 * details to our team"): the pathway cannot finish online (contactSupport),
 * the school has an admin to ask (contactYourAdmin), its seats are all in use
 * and it has no admin (seatsFull), or more users than the largest plan
 * (moreUsers).
 */
export const SUPPORT_ENDINGS = ["contactSupport", "contactYourAdmin", "seatsFull", "moreUsers"] as const;
export type SupportEnding = (typeof SUPPORT_ENDINGS)[number];

/** The longest message a join or support request takes. */
export const REQUEST_MESSAGE_MAX_LENGTH = 2000;
