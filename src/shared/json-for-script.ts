/**
 * JSON for a `<script>` element (JSON-LD, the state a rendered page hands the browser): `<`, `>`
 * and `&` as \u escapes, so no value can close the element or open a comment; U+2028/2029 for old
 * JavaScript parsers. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
