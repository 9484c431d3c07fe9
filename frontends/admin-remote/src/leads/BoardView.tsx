import { BoardSourceSchema } from '@hap/contracts';
import { useState, type FormEvent } from 'react';
import type { SetURLSearchParams } from 'react-router';
import type { BoardFilters } from './board-query';
import { AssigneeFilterOptions } from './FrontDeskPanel';
import { useAssignees } from './front-desk-query';
import { PipelineBoard } from './PipelineBoard';

export type LeadsView = 'list' | 'board';

/** `?view=board`: the pipeline board (docs/leads.md#pipeline-board); anything else is the list. */
export const viewOf = (search: URLSearchParams): LeadsView => (search.get('view') === 'board' ? 'board' : 'list');

/** The 'List' | 'Board' switch, kept in the URL with the page's other parameters. */
export function ViewSwitch({ search, setSearch }: { search: URLSearchParams; setSearch: SetURLSearchParams }) {
  const view = viewOf(search);
  const pick = (next: LeadsView) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (next === 'board') params.set('view', 'board');
    else params.delete('view');
    setSearch(params);
  };
  return (
    <div className="adm-view-switch" role="group" aria-label="View">
      {(['list', 'board'] as const).map((option) => (
        <button key={option} type="button" className="adm-view-switch__option" aria-pressed={view === option} onClick={() => pick(option)}>
          {option === 'list' ? 'List' : 'Board'}
        </button>
      ))}
    </div>
  );
}

/**
 * The board with its source filter (`?source=google|direct|<utm source>`) and, where the page's own
 * filters have none (the portal), whose leads (`?assignee=me|none|<user id>`); the page's filters give the rest.
 */
export function BoardView({ filters, search, setSearch, onOpen, clinicName, assigneeFilter = false }: {
  filters: Omit<BoardFilters, 'source'>;
  search: URLSearchParams;
  setSearch: SetURLSearchParams;
  onOpen: (id: number) => void;
  clinicName?: (clientId: number) => string;
  assigneeFilter?: boolean;
}) {
  const parsed = BoardSourceSchema.safeParse(search.get('source') ?? '');
  const source = parsed.success ? parsed.data : undefined;
  const assignee = search.get('assignee') ?? '';
  const assigneeId = assigneeFilter && assignee ? (assignee === 'me' || assignee === 'none' ? assignee : /^\d+$/.test(assignee) ? Number(assignee) : undefined) : filters.assigneeId;
  return (
    <>
      {assigneeFilter && (
        <AssigneeBoardFilter
          value={assignee}
          onChange={(next) => {
            const params = new URLSearchParams(search);
            if (next) params.set('assignee', next);
            else params.delete('assignee');
            setSearch(params);
          }}
        />
      )}
      <SourceFilter key={source ?? ''} source={source} onApply={(next) => {
        const params = new URLSearchParams(search);
        if (next) params.set('source', next);
        else params.delete('source');
        setSearch(params);
      }} />
      <PipelineBoard filters={{ ...filters, source, assigneeId }} onOpen={onOpen} clinicName={clinicName} />
    </>
  );
}

function AssigneeBoardFilter({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const assignees = useAssignees(0);
  return (
    <div className="adm-board__filter">
      <label htmlFor="board-assignee">Assigned to</label>
      <select id="board-assignee" className="adm-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <AssigneeFilterOptions users={assignees.data?.items} withMe />
      </select>
    </div>
  );
}

function SourceFilter({ source, onApply }: { source: string | undefined; onApply: (next: string | undefined) => void }) {
  const [value, setValue] = useState(source ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return onApply(undefined);
    const parsed = BoardSourceSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the source');
    setError(null);
    onApply(parsed.data);
  };
  return (
    <form className="adm-board__filter" role="search" aria-label="Filter the board by source" onSubmit={submit} noValidate>
      <label htmlFor="board-source">Source</label>
      <input id="board-source" className="adm-input" list="board-sources" placeholder="google, direct or a utm source" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'board-source-error' : undefined} />
      <datalist id="board-sources">
        <option value="google" />
        <option value="direct" />
      </datalist>
      <button type="submit" className="adm-button adm-button--secondary">Apply</button>
      {error && <p id="board-source-error" className="adm-field-error" role="alert">{error}</p>}
    </form>
  );
}
