import { ApiError, clinicPageUrl, routes, type ClientServiceUpdate, type PageSectionKey } from '@hap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Monitor, Redo2, Save, Smartphone, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Link, useBlocker, useParams, type Blocker } from 'react-router';
import { api } from '../../lib/api';
import { adminTitle, useDocumentTitle } from '../../lib/use-document-title';
import { LoadFailed } from '../../pages/LoadFailed';
import { LoadingPanel } from '../../pages/LoadingPanel';
import { ModalDialog } from '../../pages/ModalDialog';
import { PageHeader } from '../../pages/PageHeader';
import { useToast } from '../../toast/toaster';
import { useService } from '../services-query';
import { EditorPanel } from './EditorPanel';
import { checkSave, commit, draftOfLanding, historyKeyOf, historyOf, placeOf, redo, saveOf, setItemField, setText, undo, type EditedList, type History, type PageDraft, type SaveProblem } from './page-draft';
import { landingOfFrame, PageFrame, type Selection } from './page-frame';
import './page-editor.css';

/** The sizes the page is shown at: a phone's and a desktop's, scaled down to the room the screen has. */
const SIZES = { phone: { width: 390, height: 780 }, desktop: { width: 1280, height: 900 } } as const;
type Width = keyof typeof SIZES;

/** The scale a frame of `width` is drawn at in a stage `room` pixels wide: never larger than life. */
const scaleFor = (room: number, width: number) => (room > 0 ? Math.min(1, room / width) : 1);

/** The width of an element's content box, followed as the window changes. */
function useRoom() {
  const [room, setRoom] = useState(0);
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? 0));
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [room, setNode] as const;
}

/** The page as the editor loads it: the clinic's own page, at its own style, with the editor's marks (docs/page-editor.md#frame). */
export const editorPageUrl = (clientId: number, path: string) => `${clinicPageUrl({ clientId, domain: null }, path)}&preview=1&edit=1`;

/** A text the frame reports, written into the draft. */
const withText = (draft: PageDraft, at: Selection, value: string): PageDraft =>
  at.kind === 'text' ? setText(draft, at.key, value) : setItemField(draft, at.list, at.id, at.field, value);

/** A problem the API named by path (`customFaqs.1.question`), placed on the page. */
const problemsOfApi = (error: ApiError, draft: PageDraft): SaveProblem[] =>
  (error.issues ?? []).map((issue) => ({ place: placeOf(issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), draft), message: issue.message }));

/**
 * docs/page-editor.md: a clinic's service page, edited on the page itself. The page is the
 * server's render in a same-origin frame; this screen's script drives it (page-frame.ts) and
 * saves through the client service's update, the forms' own contract.
 */
export function PageEditorPage() {
  const id = Number(useParams().id);
  const service = useService(Number.isInteger(id) && id > 0 ? id : null);
  useDocumentTitle(adminTitle(service.data ? `Edit page: ${service.data.name}` : 'Edit page'));
  if (service.isError) return <LoadFailed card title="Failed to load the service" message={service.error.message} onRetry={() => void service.refetch()} />;
  if (!service.data) return <LoadingPanel label="Loading the page" />;
  return <PageEditor serviceId={id} clientId={service.data.clientId} path={service.data.path} name={service.data.name} />;
}

function PageEditor({ serviceId, clientId, path, name }: { serviceId: number; clientId: number; path: string; name: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const iframe = useRef<HTMLIFrameElement>(null);
  const frame = useRef<PageFrame | null>(null);
  const [width, setWidth] = useState<Width>('desktop');
  const [loads, setLoads] = useState(0);
  const [initial, setInitial] = useState<PageDraft | null>(null);
  const [history, setHistory] = useState<History | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [sections, setSections] = useState<PageSectionKey[]>([]);
  const [lists, setLists] = useState<EditedList[]>([]);
  const [problems, setProblems] = useState<readonly SaveProblem[]>([]);
  const [notEditable, setNotEditable] = useState(false);
  const [room, stage] = useRoom();
  const size = SIZES[width];
  const scale = scaleFor(room, size.width);

  const onLoad = useCallback(() => {
    frame.current?.detach();
    frame.current = null;
    const doc = iframe.current?.contentDocument;
    const landing = doc ? landingOfFrame(doc) : null;
    if (!doc || !landing) {
      setNotEditable(true);
      setHistory(null);
      return;
    }
    setNotEditable(false);
    frame.current = new PageFrame(doc, {
      onText: (at, value) => setHistory((h) => h && commit(h, withText(h.present, at, value))),
      onSelect: setSelection,
      onHistory: (step) => setHistory((h) => h && (step === 'undo' ? undo(h) : redo(h))),
    });
    const draft = draftOfLanding(landing);
    setInitial(draft);
    setHistory(historyOf(draft));
    setSections(frame.current.sections());
    setLists(frame.current.lists());
    setProblems([]);
    setSelection(null);
  }, []);
  useEffect(() => () => frame.current?.detach(), []);

  // Undo and redo from the keyboard on the screen too, outside its fields (which keep their own).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const step = historyKeyOf(event);
      if (!step || target?.closest('input, textarea, select, [contenteditable]')) return;
      event.preventDefault();
      setHistory((h) => h && (step === 'undo' ? undo(h) : redo(h)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The page shows the draft: after each edit, undo and redo.
  useEffect(() => {
    if (history && frame.current) {
      frame.current.draw(history.present);
      setSections(frame.current.sections());
    }
  }, [history]);

  const save = useMutation({
    mutationFn: (body: ClientServiceUpdate) => api.call(routes.updateClientService, { params: { id: serviceId }, body }),
    onSuccess: async () => {
      toast({ title: 'Page saved', description: `Visitors of ${name} see it now.` });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'service', serviceId] });
      setLoads((n) => n + 1);
    },
    onError: (error) => {
      const placed = error instanceof ApiError && history ? problemsOfApi(error, history.present) : [];
      if (placed.length > 0) show(placed);
      else toast({ title: 'Could not save the page', description: error.message, variant: 'destructive' });
    },
  });

  function show(found: readonly SaveProblem[]) {
    setProblems(found);
    frame.current?.showProblems(found);
  }

  const change = (next: (draft: PageDraft) => PageDraft) => setHistory((h) => h && commit(h, next(h.present)));
  const pending = initial && history ? saveOf(initial, history.present) : null;

  // Closing or reloading the tab with changes not saved: the browser asks first.
  const unsaved = pending !== null;
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  // Going to another admin screen with changes not saved: the admin is asked first (docs/page-editor.md#saving).
  const leaving = useBlocker(({ currentLocation, nextLocation }) => unsaved && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));

  function onSave() {
    if (!initial || !history || !pending) return;
    const checked = checkSave(pending, history.present);
    if ('problems' in checked) {
      show(checked.problems);
      return;
    }
    frame.current?.clearProblems();
    setProblems([]);
    save.mutate(checked.update);
  }

  return (
    <div className="pe-page">
      <PageHeader
        title={`Edit page: ${name}`}
        description="Click a text on the page to change it; Enter or leaving it keeps what you wrote. The side panel hides, moves and adds."
        actions={
          <>
            <Link className="adm-button adm-button--secondary" to={`/admin/services?client=${clientId}`}>
              <ArrowLeft size={16} aria-hidden />
              Services
            </Link>
            <a className="adm-button adm-button--secondary" href={clinicPageUrl({ clientId, domain: null }, path)} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={16} aria-hidden />
              Live page
            </a>
          </>
        }
      />
      <div className="pe-toolbar" role="toolbar" aria-label="Page editor">
        <div className="pe-toolbar__group" role="group" aria-label="Width">
          {(['phone', 'desktop'] as const).map((w) => (
            <button key={w} type="button" className="adm-button adm-button--secondary" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {w === 'phone' ? <Smartphone size={16} aria-hidden /> : <Monitor size={16} aria-hidden />}
              {w === 'phone' ? 'Phone' : 'Desktop'}
            </button>
          ))}
        </div>
        <div className="pe-toolbar__group">
          <button type="button" className="adm-button adm-button--secondary" disabled={!history?.past.length} onClick={() => setHistory((h) => h && undo(h))}>
            <Undo2 size={16} aria-hidden />
            Undo
          </button>
          <button type="button" className="adm-button adm-button--secondary" disabled={!history?.future.length} onClick={() => setHistory((h) => h && redo(h))}>
            <Redo2 size={16} aria-hidden />
            Redo
          </button>
          <button type="button" className="adm-button adm-button--primary" disabled={!pending || save.isPending} onClick={onSave}>
            <Save size={16} aria-hidden />
            {save.isPending ? 'Saving…' : pending ? 'Save' : 'Saved'}
          </button>
        </div>
      </div>
      <div className="pe-body">
        <div className="pe-stage" ref={stage}>
          {notEditable && (
            <p className="pe-alert" role="alert">
              This page cannot be edited here: it is not one of the clinic’s own services, or your session has ended. Reload to try again.
            </p>
          )}
          <div className="pe-frame-box" style={{ width: size.width * scale, height: size.height * scale }}>
            <iframe
              key={loads}
              ref={iframe}
              className="pe-frame"
              title={`Page of ${name}, ${width === 'phone' ? 'phone' : 'desktop'} width`}
              src={editorPageUrl(clientId, path)}
              style={{ width: size.width, height: size.height, transform: scale < 1 ? `scale(${scale})` : undefined }}
              onLoad={onLoad}
            />
          </div>
        </div>
        {history && (
          <EditorPanel
            draft={history.present}
            sections={sections}
            lists={lists}
            selection={selection}
            problems={problems}
            onChange={change}
            onFocus={(at) => frame.current?.focus(at)}
          />
        )}
      </div>
      <LeaveDialog blocker={leaving} />
    </div>
  );
}

/** Asked when the admin leaves the editor for another screen with changes not saved: stay, or leave them. */
function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ModalDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      className="adm-dialog adm-dialog--narrow"
      role="alertdialog"
      title="Leave without saving?"
      aria-describedby="pe-leave-text"
    >
      <div className="adm-dialog__body">
        <p id="pe-leave-text" className="adm-dialog__text">
          Your changes to this page are not saved. If you leave now, they are lost.
        </p>
        <div className="adm-dialog__footer">
          <Dialog.Close asChild>
            <button type="button" className="adm-button adm-button--secondary">
              Stay on this page
            </button>
          </Dialog.Close>
          <button type="button" className="adm-button adm-button--danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
