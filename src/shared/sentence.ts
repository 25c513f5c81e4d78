/**
 * A sentence that may end on a name the product does not choose: "…agree the price with Pete's
 * Pipes & Plumbing Co." takes no second full stop, and a name that already ends a sentence with
 * its own mark (a full stop, a question or exclamation mark, an ellipsis) keeps it alone.
 */
export function endSentence(text: string): string {
  return /[.!?…]["'”’)]*$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
