import { arrangeSections, assetUrl, isPageSectionKey, PageContentSchema, type PageSectionKey } from '@hap/contracts';
import { EDITED_LISTS, historyKeyOf, ITEM_NOUN, type EditedList, type PageDraft, type SaveProblem } from './page-draft';

/*
 * The page editor's driver of the clinic's page (docs/page-editor.md#frame): the page is the
 * server's render of `?preview=1&edit=1`, with marks and no script of its own; this admin script
 * makes its texts editable, reads what is written, and draws a draft on it (undo, redo, a moved
 * section, an added FAQ) without asking the server again.
 */

/** Where the focus is on the page: a text, or one field of one item. */
export type Selection = { kind: 'text'; key: 'headline' | 'offer' } | { kind: 'item'; list: EditedList; id: string; field: string };

export interface FrameEvents {
  /** A text was written (on leaving it, or Enter). */
  onText: (selection: Selection, value: string) => void;
  /** The focus moved to a text of the page. */
  onSelect: (selection: Selection) => void;
  /** Undo or redo asked with the keyboard outside a text (historyKeyOf). */
  onHistory: (step: 'undo' | 'redo') => void;
}

/** The landing the page was rendered from, as its page state carries it. */
export function landingOfFrame(doc: Document) {
  const json = doc.getElementById('__HAP_STATE__')?.textContent;
  if (!json) return null;
  let state: { landing?: unknown };
  try {
    state = JSON.parse(json) as { landing?: unknown };
  } catch {
    // Not a page the server rendered for the editor (an error page, a proxy's answer).
    return null;
  }
  const parsed = PageContentSchema.shape.landing.safeParse(state?.landing ?? null);
  return parsed.success && parsed.data?.editable ? parsed.data : null;
}

const ERROR_ATTR = 'data-edit-error';

/** The editor's look on the page: what can be written in shows it, an emptied text keeps a place to click. */
const EDITOR_STYLE = `
[data-edit], [data-edit-field] { cursor: text; border-radius: 2px; }
[data-edit]:hover, [data-edit-field]:hover { outline: 2px dashed currentColor; outline-offset: 2px; }
[data-edit]:focus, [data-edit-field]:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
[data-edit]:empty, [data-edit-field]:empty { display: inline-block; min-width: 10ch; min-height: 1.2em; }
[data-edit]:empty::before, [data-edit-field]:empty::before { content: 'Write here'; opacity: 0.65; }
`;

/** The driver of one loaded page. */
export class PageFrame {
  /** Each item as the server drew it, by list and id: what a restored or moved item is drawn from. */
  private readonly pristine = new Map<string, Element>();
  /** A list's first item as drawn: what a new item is drawn from. */
  private readonly model = new Map<EditedList, Element>();
  private readonly abort = new AbortController();
  /** The sections in the order the server drew them: what the draft's order rearranges. */
  private readonly drawnOrder: PageSectionKey[];

  constructor(
    private readonly doc: Document,
    private readonly events: FrameEvents,
  ) {
    for (const list of EDITED_LISTS) {
      const container = this.listElement(list);
      if (!container) continue;
      for (const item of Array.from(container.children)) {
        const mark = item.getAttribute('data-edit-item');
        if (!mark) continue;
        this.pristine.set(mark, item.cloneNode(true) as Element);
        if (!this.model.has(list)) this.model.set(list, item.cloneNode(true) as Element);
      }
    }
    this.drawnOrder = Array.from(doc.querySelectorAll('[data-edit-section]'))
      .map((box) => box.getAttribute('data-edit-section') ?? '')
      .filter(isPageSectionKey);
    const style = doc.createElement('style');
    style.textContent = EDITOR_STYLE;
    doc.head.append(style);
    // The page is shown, not used: its form is inert and its links and buttons are no tab stops,
    // so the keyboard goes from text to text.
    doc.querySelectorAll('form').forEach((form) => form.setAttribute('inert', ''));
    doc.querySelectorAll('a[href], button, summary').forEach((el) => el.setAttribute('tabindex', '-1'));
    this.makeEditable(doc.body);
    this.listen();
  }

  /** The lists the page shows, which the editor can add to. */
  lists(): EditedList[] {
    return EDITED_LISTS.filter((list) => this.listElement(list) !== null);
  }

  /** The sections the page has, in the order they are drawn now. */
  sections(): PageSectionKey[] {
    return Array.from(this.doc.querySelectorAll('[data-edit-section]'))
      .filter((box) => box.childElementCount > 0)
      .map((box) => box.getAttribute('data-edit-section')!)
      .filter(isPageSectionKey);
  }

  hasImage(): boolean {
    return this.doc.querySelector('[data-edit-image="heroImage"]') !== null;
  }

  /** Draws a draft on the page: texts, the image, each list's items in order, the sections. */
  draw(draft: PageDraft): void {
    const active = this.doc.activeElement;
    for (const key of ['headline', 'offer'] as const) {
      this.doc.querySelectorAll(`[data-edit="${key}"]`).forEach((el) => {
        if (el !== active && el.textContent !== draft[key]) el.textContent = draft[key];
      });
    }
    this.drawImage(draft.heroImage);
    for (const list of EDITED_LISTS) this.drawList(list, draft.lists[list]);
    this.drawSections(draft);
  }

  private drawImage(path: string | null) {
    const picture = this.doc.querySelector('[data-edit-image="heroImage"]');
    const url = assetUrl(path);
    if (!picture || !url) return;
    picture.querySelectorAll('source').forEach((source) => source.setAttribute('srcset', url));
    picture.querySelector('img')?.setAttribute('src', url);
  }

  private drawList(list: EditedList, items: PageDraft['lists'][EditedList]) {
    const container = this.listElement(list);
    const model = this.model.get(list);
    if (!container || !model) return;
    const current = new Map(Array.from(container.children).map((el) => [el.getAttribute('data-edit-item') ?? '', el]));
    const active = this.doc.activeElement;
    const drawn = items.map((item) => {
      const mark = `${list}:${item.id}`;
      const el = current.get(mark) ?? this.fresh(this.pristine.get(mark) ?? model, mark);
      el.querySelectorAll('[data-edit-field]').forEach((field) => {
        const value = item[field.getAttribute('data-edit-field')!] ?? '';
        if (field !== active && field.textContent !== value) field.textContent = value;
      });
      return el;
    });
    const keep = new Set(drawn);
    Array.from(container.children).forEach((el) => keep.has(el) || el.remove());
    drawn.forEach((el, index) => {
      if (container.children[index] !== el) container.insertBefore(el, container.children[index] ?? null);
      // A numbered item (a step) shows its place.
      const number = el.querySelector('[data-edit-number]');
      if (number) number.textContent = String(index + 1);
    });
  }

  /** A copy of an item drawn before, marked as `mark`, made editable. */
  private fresh(from: Element, mark: string): Element {
    const el = this.doc.importNode(from, true) as Element;
    el.setAttribute('data-edit-item', mark);
    this.makeEditable(el);
    return el;
  }

  private drawSections(draft: PageDraft) {
    const boxes = new Map(Array.from(this.doc.querySelectorAll('[data-edit-section]')).map((box) => [box.getAttribute('data-edit-section') ?? '', box as HTMLElement]));
    const ordered = arrangeSections(
      this.drawnOrder.map((key) => [key, key] as const),
      { order: draft.sections.order, hidden: [] },
    );
    const first = this.doc.querySelector('[data-edit-section]');
    const parent = first?.parentElement;
    if (!parent || !first) return;
    // The boxes stay where the first one is, in the draft's order.
    const anchor = this.doc.createComment('sections');
    parent.insertBefore(anchor, first);
    ordered.forEach((key) => parent.insertBefore(boxes.get(key)!, anchor));
    anchor.remove();
    for (const [key, box] of boxes) box.style.display = draft.sections.hidden.includes(key as PageSectionKey) ? 'none' : 'contents';
  }

  /** Each problem at its element: outlined, marked invalid, its message after it. */
  showProblems(problems: readonly SaveProblem[]): void {
    this.clearProblems();
    for (const { place, message } of problems) {
      const el =
        place.kind === 'text'
          ? this.doc.querySelector(`[data-edit="${place.key}"]`)
          : place.kind === 'item'
            ? (this.doc.querySelector(`[data-edit-item="${place.list}:${place.id}"] [data-edit-field="${place.field ?? ''}"]`) ??
              this.doc.querySelector(`[data-edit-item="${place.list}:${place.id}"]`))
            : place.kind === 'image'
              ? this.doc.querySelector('[data-edit-image]')
              : null;
      if (!(el instanceof this.doc.defaultView!.HTMLElement)) continue;
      el.setAttribute('aria-invalid', 'true');
      el.style.outline = '3px solid #b42318';
      const note = this.doc.createElement('span');
      note.setAttribute(ERROR_ATTR, '');
      note.setAttribute('role', 'alert');
      note.textContent = message;
      note.style.cssText = 'display:block;margin:4px 0;padding:4px 8px;border-radius:4px;background:#fef3f2;color:#b42318;font:600 14px/1.4 system-ui,sans-serif;';
      el.after(note);
    }
  }

  clearProblems(): void {
    this.doc.querySelectorAll(`[${ERROR_ATTR}]`).forEach((note) => note.remove());
    this.doc.querySelectorAll('[aria-invalid="true"]').forEach((el) => {
      el.removeAttribute('aria-invalid');
      (el as HTMLElement).style.outline = '';
    });
  }

  /** Puts the focus on a text of the page (a problem's, or the one just added). */
  focus(selection: Selection): void {
    const el =
      selection.kind === 'text'
        ? this.doc.querySelector(`[data-edit="${selection.key}"]`)
        : this.doc.querySelector(`[data-edit-item="${selection.list}:${selection.id}"] [data-edit-field="${selection.field}"]`);
    (el as HTMLElement | null)?.focus();
    el?.scrollIntoView({ block: 'center' });
  }

  /** The texts the page shows as it stands (what is being typed included). */
  textOf(selection: Selection): string | null {
    const el =
      selection.kind === 'text'
        ? this.doc.querySelector(`[data-edit="${selection.key}"]`)
        : this.doc.querySelector(`[data-edit-item="${selection.list}:${selection.id}"] [data-edit-field="${selection.field}"]`);
    return el?.textContent ?? null;
  }

  detach(): void {
    this.abort.abort();
  }

  private listElement(list: EditedList): Element | null {
    return this.doc.querySelector(`[data-edit-list="${list}"]`);
  }

  private makeEditable(root: Element) {
    root.querySelectorAll('[data-edit], [data-edit-field]').forEach((el) => {
      el.setAttribute('contenteditable', 'plaintext-only');
      el.setAttribute('spellcheck', 'true');
      el.setAttribute('role', 'textbox');
      el.setAttribute('aria-label', labelOf(el));
    });
  }

  private selectionOf(target: EventTarget | null): Selection | null {
    if (!(target instanceof this.doc.defaultView!.Element)) return null;
    const text = target.getAttribute('data-edit');
    if (text === 'headline' || text === 'offer') return { kind: 'text', key: text };
    const field = target.getAttribute('data-edit-field');
    const [list, id] = (target.closest('[data-edit-item]')?.getAttribute('data-edit-item') ?? '').split(':');
    if (field && id && EDITED_LISTS.includes(list as EditedList)) return { kind: 'item', list: list as EditedList, id, field };
    return null;
  }

  private listen() {
    const { signal } = this.abort;
    const doc = this.doc;
    // The page is shown, not used: its links, buttons and form stay put, and a question stays open.
    doc.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element;
        if (target.closest?.('a, button, summary, label')) event.preventDefault();
      },
      { capture: true, signal },
    );
    doc.addEventListener('submit', (event) => event.preventDefault(), { capture: true, signal });
    doc.addEventListener(
      'focusin',
      (event) => {
        const selection = this.selectionOf(event.target);
        if (selection) this.events.onSelect(selection);
      },
      { signal },
    );
    doc.addEventListener(
      'focusout',
      (event) => {
        const selection = this.selectionOf(event.target);
        if (selection) this.events.onText(selection, written(event.target as Element));
      },
      { signal },
    );
    doc.addEventListener(
      'keydown',
      (event) => {
        const selection = this.selectionOf(event.target);
        const step = historyKeyOf(event);
        if (!selection && step) {
          event.preventDefault();
          this.events.onHistory(step);
        }
        if (!selection) return;
        // One paragraph a text: Enter keeps what was written, as leaving the text does.
        if (event.key === 'Enter') {
          event.preventDefault();
          this.events.onText(selection, written(event.target as Element));
        }
        // A question's summary must not open or close while its words are typed.
        if (event.key === ' ') event.stopPropagation();
      },
      { capture: true, signal },
    );
  }
}

/** What a text says; an emptied one is made truly empty (the browser leaves a line break), so it keeps its place to click. */
function written(el: Element): string {
  const text = el.textContent ?? '';
  if (!text) el.replaceChildren();
  return text;
}

/** A text's name for a screen reader ('FAQ question', 'Headline'). */
function labelOf(el: Element): string {
  const text = el.getAttribute('data-edit');
  if (text) return text === 'headline' ? 'Headline' : 'Offer';
  const list = el.closest('[data-edit-item]')?.getAttribute('data-edit-item')?.split(':')[0] ?? '';
  const noun = EDITED_LISTS.includes(list as EditedList) ? ITEM_NOUN[list as EditedList] : 'Item';
  return `${noun} ${el.getAttribute('data-edit-field') ?? 'text'}`;
}
