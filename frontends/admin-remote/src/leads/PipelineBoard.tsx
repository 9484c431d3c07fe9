import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, routes, type BoardCard, type BoardColumn, type LeadStatus } from '@hap/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarClock, GripVertical, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../toast/toaster';
import { useBoard, useMoveOnBoard, type BoardFilters } from './board-query';
import { useLeadsCan } from './leads-can';
import { useUpdateLeadStatus } from './leads-query';
import './board.css';

/** 'just now', '12 min ago', '3 d ago': how long ago the lead arrived. */
export function leadAge(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / (24 * 60))} d ago`;
}

const SOURCE_LABELS: Record<string, string> = { google: 'Google', direct: 'Direct' };

/**
 * The pipeline board (docs/leads.md#pipeline-board): a column per status with
 * its count, cards newest first. A move (drag, the keyboard's drag, or a
 * card's 'Move to' menu) is the list's status change (useUpdateLeadStatus):
 * same rules, audit and conversion. A viewer sees the board without moves.
 */
export function PipelineBoard({ filters, onOpen, clinicName }: { filters: BoardFilters; onOpen: (id: number) => void; clinicName?: (clientId: number) => string }) {
  const board = useBoard(filters);
  const canMove = useLeadsCan(routes.updatePortalLeadStatus);
  const update = useUpdateLeadStatus();
  const optimistic = useMoveOnBoard(filters);
  const toast = useToast();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  const move = (card: BoardCard, to: LeadStatus) => {
    if (card.status === to) return;
    const undo = optimistic(card.id, to);
    update.mutate(
      { id: card.id, status: to, from: card.status },
      {
        onSuccess: () => toast({ title: 'Status updated', description: `${card.name} is now ${LEAD_STATUS_LABELS[to]}.` }),
        onError: (error) => {
          undo();
          toast({ title: 'Status not changed', description: error.message, variant: 'destructive' });
        },
      },
    );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = active.data.current?.card as BoardCard | undefined;
    const to = over?.id as LeadStatus | undefined;
    if (card && to && (LEAD_STATUSES as readonly string[]).includes(to)) move(card, to);
  };

  if (board.isError) return <p className="adm-alert adm-alert--error" role="alert">The board could not load: {board.error.message}</p>;
  if (!board.data) return <p className="adm-muted" role="status">Loading the board…</p>;

  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${String(active.data.current?.name ?? 'lead')}.`,
          onDragOver: ({ over }) => (over ? `Over ${LEAD_STATUS_LABELS[over.id as LeadStatus]}.` : 'Not over a column.'),
          onDragEnd: ({ over }) => (over ? `Dropped in ${LEAD_STATUS_LABELS[over.id as LeadStatus]}.` : 'Dropped outside the columns: nothing changed.'),
          onDragCancel: () => 'Move cancelled: nothing changed.',
        },
      }}
    >
      <div className="adm-board" role="region" aria-label="Pipeline board" tabIndex={0}>
        {board.data.columns.map((column) => (
          <Column key={column.status} column={column} canMove={canMove} onOpen={onOpen} onMove={move} clinicName={clinicName} />
        ))}
      </div>
    </DndContext>
  );
}

function Column({ column, canMove, onOpen, onMove, clinicName }: {
  column: BoardColumn;
  canMove: boolean;
  onOpen: (id: number) => void;
  onMove: (card: BoardCard, to: LeadStatus) => void;
  clinicName?: (clientId: number) => string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const headingId = `board-col-${column.status}`;
  const more = column.count - column.items.length;
  return (
    <section ref={setNodeRef} className={`adm-board__column adm-status-col--${column.status}${isOver ? ' is-over' : ''}`} aria-labelledby={headingId} data-status={column.status}>
      <header className="adm-board__head">
        <h2 id={headingId} className="adm-board__title">
          {LEAD_STATUS_LABELS[column.status]}
        </h2>
        <span className="adm-board__count" data-testid={`board-count-${column.status}`} aria-label={`${column.count} leads`}>
          {column.count}
        </span>
        {column.value !== null && <span className="adm-board__value">{column.value.toLocaleString()}</span>}
      </header>
      <ul className="adm-board__cards">
        {column.items.map((card) => (
          <Card key={card.id} card={card} canMove={canMove} onOpen={onOpen} onMove={onMove} clinicName={clinicName} />
        ))}
        {column.items.length === 0 && <li className="adm-board__empty">No leads</li>}
      </ul>
      {more > 0 && <p className="adm-board__more">and {more} more: the list view shows them all</p>}
    </section>
  );
}

function Card({ card, canMove, onOpen, onMove, clinicName }: {
  card: BoardCard;
  canMove: boolean;
  onOpen: (id: number) => void;
  onMove: (card: BoardCard, to: LeadStatus) => void;
  clinicName?: (clientId: number) => string;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `lead-${card.id}`, data: { card, name: card.name }, disabled: !canMove });
  // The age is as of the card's first paint; the board refetches after every move.
  const [now] = useState(() => Date.now());
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li ref={setNodeRef} style={style} className={`adm-board__card${isDragging ? ' is-dragging' : ''}`} data-lead={card.id}>
      <div className="adm-board__card-top">
        {canMove && (
          <button type="button" className="adm-board__grip" aria-label={`Drag ${card.name}`} {...attributes} {...listeners}>
            <GripVertical size={16} aria-hidden />
          </button>
        )}
        <button type="button" className="adm-board__name" onClick={() => onOpen(card.id)}>
          {card.name}
        </button>
        {canMove && <MoveMenu card={card} onMove={onMove} />}
      </div>
      <p className="adm-board__service">
        {card.serviceName ?? `Service ${card.serviceId}`}
        {clinicName && <span className="adm-muted"> · {clinicName(card.clientId)}</span>}
      </p>
      <p className="adm-board__meta">
        <span className={`adm-board__source adm-board__source--${card.source === 'google' || card.source === 'direct' ? card.source : 'other'}`}>
          {SOURCE_LABELS[card.source] ?? card.source}
        </span>
        <time dateTime={card.createdAt} title={new Date(card.createdAt).toLocaleString()}>
          {leadAge(card.createdAt, now)}
        </time>
      </p>
      {card.nextAppointmentAt && (
        <p className="adm-board__next">
          <CalendarClock size={14} aria-hidden /> Next: appointment{' '}
          {new Date(card.nextAppointmentAt).toLocaleString([], { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}
        </p>
      )}
    </li>
  );
}

function MoveMenu({ card, onMove }: { card: BoardCard; onMove: (card: BoardCard, to: LeadStatus) => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="adm-board__menu" aria-label={`Move ${card.name} to`}>
          <MoreHorizontal size={16} aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="adm-menu" align="end" sideOffset={4} collisionPadding={8}>
          <DropdownMenu.Label className="adm-menu__label">Move to</DropdownMenu.Label>
          {LEAD_STATUSES.filter((status) => status !== card.status).map((status) => (
            <DropdownMenu.Item key={status} className="adm-menu__item" onSelect={() => onMove(card, status)}>
              {LEAD_STATUS_LABELS[status]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
