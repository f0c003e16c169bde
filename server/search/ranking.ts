/*
 * The ranking rule both engines follow (docs/search.md, "Ranking"), best first:
 *
 * 1. How the title matches (TitleMatchTier): every term a whole word of the
 *    title; every term in the title, the last as the start of a word; some
 *    terms in the title and the rest in the body; the body only.
 * 2. Productions, events and pages before resources (the demo site alone has
 *    hundreds of generated resources that would bury the one production).
 * 3. The title's own score, in which a shorter title scores higher: "The
 *    Tempest" before "The Tempest: touch tour", "Macbeth" before "Macbeth:
 *    post-show talk" (bm25 of the title column; ts_rank of the title's
 *    tsvector divided by its length).
 * 4. The whole document's score (bm25 / ts_rank, title ten times the body),
 *    then a stable order.
 */

export const TitleMatchTier = {
  wholeWords: 0,
  prefix: 1,
  partial: 2,
  bodyOnly: 3,
} as const;
