/**
 * Reads a `<script type="application/json">` block the server wrote. Data, not
 * code: the gateway's CSP (script-src 'self') forbids inline executable scripts.
 */
export function readJsonScript<T>(id: string): T | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
