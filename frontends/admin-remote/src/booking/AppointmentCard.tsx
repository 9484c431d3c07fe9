import { LEAD_STATUS_LABELS, telHref, type AppointmentAction, type CalendarAppointment } from '@hap/contracts';
import { Ban, CalendarClock, Check, LoaderCircle, Mail, Phone, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ModalDialog } from '../pages/ModalDialog';
import { useToast } from '../toast/toaster';
import { ACTION_DONE, actionsFor, APPOINTMENT_STATUS_VIEW, dayLabel, dateOfInstant, timeIn, timeRangeIn, type AppointmentActionKind } from './calendar-rules';
import { useAppointmentAction, type BookingScope } from './booking-query';
import { MoveDialog } from './MoveDialog';

export const patientOf = (a: CalendarAppointment) => a.lead?.name ?? 'Booked without a lead';
export const serviceOf = (a: CalendarAppointment) => a.serviceName ?? `Service ${a.serviceId}`;

/** The appointment's status badge. */
export function StatusBadge({ appointment }: { appointment: CalendarAppointment }) {
  const view = APPOINTMENT_STATUS_VIEW[appointment.status];
  return (
    <span className={view.badge} data-status={appointment.status}>
      {view.label}
    </span>
  );
}

/**
 * One appointment in full (the day view, and the week view's dialog): its time, service, patient
 * with a call and an e-mail link, its status and the lead's, and what may be done now.
 */
export function AppointmentCard({ appointment: a, zone, scope, clientId, canAct, headingLevel = 'h3' }: { appointment: CalendarAppointment; zone: string; scope: BookingScope; clientId: number; canAct: boolean; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className={`bkg-appt bkg-appt--${a.status}`} aria-label={`${timeIn(a.start, zone)} ${patientOf(a)}`}>
      <div className="bkg-appt__when">
        <CalendarClock size={16} aria-hidden />
        <span>{timeRangeIn(a.start, a.end, zone)}</span>
        <StatusBadge appointment={a} />
      </div>
      <Heading className="bkg-appt__patient">{patientOf(a)}</Heading>
      <p className="bkg-appt__service">{serviceOf(a)}</p>
      {a.lead && (
        <ul className="bkg-appt__contact">
          <li>
            <a href={telHref(a.lead.phone)}>
              <Phone size={14} aria-hidden />
              {a.lead.phone}
            </a>
          </li>
          <li>
            <a href={`mailto:${a.lead.email}`}>
              <Mail size={14} aria-hidden />
              {a.lead.email}
            </a>
          </li>
          <li className="adm-muted">Lead: {LEAD_STATUS_LABELS[a.lead.status]}</li>
        </ul>
      )}
      {canAct && <AppointmentActions appointment={a} zone={zone} scope={scope} clientId={clientId} />}
    </article>
  );
}

const ACTION_VIEW: Record<Exclude<AppointmentActionKind, 'move' | 'cancel'>, { label: string; icon: typeof Check; className: string }> = {
  confirm: { label: 'Confirm', icon: Check, className: 'adm-button adm-button--primary' },
  showed: { label: 'Showed', icon: UserCheck, className: 'adm-button adm-button--secondary' },
  no_show: { label: 'No-show', icon: UserX, className: 'adm-button adm-button--secondary' },
};

function AppointmentActions({ appointment: a, zone, scope, clientId }: { appointment: CalendarAppointment; zone: string; scope: BookingScope; clientId: number }) {
  const toast = useToast();
  const act = useAppointmentAction(scope);
  const [running, setRunning] = useState<AppointmentActionKind | null>(null);
  const [dialog, setDialog] = useState<'move' | 'cancel' | null>(null);
  // The dialogs stay mounted when the last action goes (a cancel): one closing as its appointment changes must not be torn out open.
  const actions = actionsFor(a);

  const run = (action: AppointmentAction, after?: () => void) => {
    setRunning(action.action);
    act.mutate(
      { id: a.id, action },
      {
        onSuccess: (changed) => {
          after?.();
          toast({ title: ACTION_DONE[action.action], description: `${patientOf(changed)}, ${dayLabel(dateOfInstant(changed.start, zone), zone)} at ${timeIn(changed.start, zone)}.` });
        },
        onError: (failure) => toast({ title: 'Could not change the appointment', description: failure.message, variant: 'destructive' }),
        onSettled: () => setRunning(null),
      },
    );
  };

  return (
    <div className="bkg-appt__actions" hidden={actions.length === 0}>
      {actions.map((kind) => {
        if (kind === 'move')
          return (
            <button key={kind} type="button" className="adm-button adm-button--secondary" onClick={() => setDialog('move')}>
              <CalendarClock size={16} aria-hidden />
              Move
            </button>
          );
        if (kind === 'cancel')
          return (
            <button key={kind} type="button" className="adm-button adm-button--ghost bkg-danger-text" onClick={() => setDialog('cancel')}>
              <Ban size={16} aria-hidden />
              Cancel
            </button>
          );
        const view = ACTION_VIEW[kind];
        const Icon = view.icon;
        return (
          <button key={kind} type="button" className={view.className} disabled={act.isPending} onClick={() => run({ action: kind })}>
            {running === kind ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Icon size={16} aria-hidden />}
            {view.label}
          </button>
        );
      })}
      <ModalDialog open={dialog === 'cancel'} onOpenChange={(open) => !open && setDialog(null)} title="Cancel this appointment?" className="adm-dialog adm-dialog--narrow" aria-describedby={`bkg-cancel-${a.id}`}>
        <div className="adm-dialog__body">
          <p id={`bkg-cancel-${a.id}`} className="adm-dialog__text">
            {patientOf(a)}’s {serviceOf(a)} on {dayLabel(dateOfInstant(a.start, zone), zone, true)} at {timeIn(a.start, zone)} is cancelled: the time is free again
            {a.lead ? ', the patient is e-mailed and the lead goes back to Contacted.' : '.'}
          </p>
          <div className="adm-dialog__footer">
            <Dialog.Close asChild>
              <button type="button" className="adm-button adm-button--secondary">
                Keep it
              </button>
            </Dialog.Close>
            <button type="button" className="adm-button adm-button--danger" disabled={act.isPending} onClick={() => run({ action: 'cancel' }, () => setDialog(null))}>
              {running === 'cancel' ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Ban size={16} aria-hidden />}
              Cancel appointment
            </button>
          </div>
        </div>
      </ModalDialog>
      {dialog === 'move' && (
        <MoveDialog
          appointment={a}
          zone={zone}
          clientId={clientId}
          pending={running === 'move'}
          onClose={() => setDialog(null)}
          onMove={(start) => run({ action: 'move', start }, () => setDialog(null))}
        />
      )}
    </div>
  );
}
