const replacements: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML content and quoted attribute values. lightGallery
 * builds its slides by concatenating strings into markup (`alt="` + alt +
 * `"`), so every value we hand it that is not meant as markup goes through here.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => replacements[character] ?? character);
}
