import { useEffect, useId, useRef, useState, type ComponentPropsWithRef, type FocusEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import './icon-action.css';

interface IconActionOwnProps {
  /** The accessible name, naming the thing acted on: "Settings of Hair Removal". */
  label: string;
  /** The short visible words: the tooltip on desktop, the button's own text on phones and touch screens. */
  tip: string;
  /** The icon (lucide, `aria-hidden`). */
  icon: ReactNode;
  /** More words, read as the button's description and shown under the tip. */
  hint?: string;
  /** Red on hover, for deleting. */
  danger?: boolean;
}

type ButtonProps = IconActionOwnProps & Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'> & { href?: undefined; to?: undefined };
type LinkProps = IconActionOwnProps & Omit<ComponentPropsWithRef<'a'>, 'children' | 'aria-label'> & { href: string; to?: undefined };
/** A screen of the admin: the router's link, no page load. */
type RouteProps = IconActionOwnProps & Omit<ComponentPropsWithRef<'a'>, 'children' | 'aria-label' | 'href'> & { to: string; href?: undefined };
export type IconActionProps = ButtonProps | LinkProps | RouteProps;

/** How long the tip stays after the pointer leaves, so it can be moved onto the tip (WCAG 1.4.13, hoverable). */
const CLOSE_DELAY_MS = 150;
/** A press this long on a touch screen shows the tip (where the label is not already visible). */
const LONG_PRESS_MS = 500;

/**
 * An icon-only row action that is never only an icon.
 *
 * - Its accessible name is `label`; the visible `tip` is part of it (WCAG 2.5.3).
 * - With a mouse, the tip shows on hover and stays while the pointer is on it;
 *   with the keyboard, it shows on focus; Escape hides it (WCAG 1.4.13).
 * - On phones and touch screens (max-width 639px or no hover) the tip is the
 *   button's visible text next to the icon, so nothing needs a hover; a long
 *   press shows the tooltip too.
 *
 * A button by default; with `href` a link, with `to` the router's link to an
 * admin screen. Any other props (onClick, disabled,
 * target, a Radix trigger's props through `asChild`, ref) go to the button or link:
 *
 *   <IconAction label={`Settings of ${service.name}`} tip="Settings" icon={<Settings2 size={16} aria-hidden />} onClick={...} />
 *   <IconAction to={`/admin/clients/${id}/ads`} label="Ad campaigns of X" tip="Ad Campaigns" icon={...} />
 *   <IconAction href={url} target="_blank" rel="noopener noreferrer" label="Open the live page of X in a new tab" tip="Live page" icon={...} />
 *   <DropdownMenu.Trigger asChild><IconAction label={`Actions for ${name}`} tip="Actions" icon={...} /></DropdownMenu.Trigger>
 */
export function IconAction(props: IconActionProps) {
  const { label, tip, icon, hint, danger, className, onFocus, onBlur, ...rest } = props;
  const tipId = useId();
  const hintId = `${tipId}-hint`;
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressing = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = () => {
    if (closing.current) clearTimeout(closing.current);
    closing.current = null;
  };
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const hideSoon = () => {
    cancelClose();
    closing.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const hideNow = () => {
    cancelClose();
    setOpen(false);
  };
  const endPress = () => {
    if (pressing.current) clearTimeout(pressing.current);
    pressing.current = null;
  };
  // Escape hides an open tip first, and only the tip: a dialog or menu around it
  // (Radix listens on the document) stays open until the next Escape.
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
    };
    window.addEventListener('keydown', onEscape, { capture: true });
    return () => window.removeEventListener('keydown', onEscape, { capture: true });
  }, [open]);
  useEffect(
    () => () => {
      cancelClose();
      endPress();
    },
    [],
  );

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') show();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') hideSoon();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    endPress();
    pressing.current = setTimeout(show, LONG_PRESS_MS);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    endPress();
    // A tip a long press opened stays a moment after the finger lifts.
    if (open) closing.current = setTimeout(() => setOpen(false), 1500);
  };

  const shared = {
    'aria-label': label,
    'aria-describedby': hint ? hintId : undefined,
    className: ['adm-icon-button', 'adm-icon-action__control', danger ? 'adm-icon-button--danger' : '', className ?? ''].filter(Boolean).join(' '),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      // The caller's handler (a Radix trigger's, say) runs as well as ours.
      (onFocus as ((e: FocusEvent<HTMLElement>) => void) | undefined)?.(event);
      // Keyboard focus, not the focus a click or a closing menu leaves behind.
      if (event.currentTarget.matches(':focus-visible')) show();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      (onBlur as ((e: FocusEvent<HTMLElement>) => void) | undefined)?.(event);
      hideNow();
    },
    onContextMenu: (event: MouseEvent) => {
      // A long press on a touch screen shows the tip, not the browser's menu.
      if (pressing.current || open) event.preventDefault();
    },
  };
  const content = (
    <>
      {icon}
      <span className="adm-icon-action__text" aria-hidden>
        {tip}
      </span>
    </>
  );

  return (
    <span
      className="adm-icon-action"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={endPress}
    >
      {props.to !== undefined ? (
        <Link {...(rest as Omit<RouteProps, keyof IconActionOwnProps>)} to={props.to} {...shared}>
          {content}
        </Link>
      ) : props.href !== undefined ? (
        <a {...(rest as Omit<LinkProps, keyof IconActionOwnProps>)} {...shared}>
          {content}
        </a>
      ) : (
        <button type="button" {...(rest as Omit<ButtonProps, keyof IconActionOwnProps>)} {...shared}>
          {content}
        </button>
      )}
      <span id={tipId} role="tooltip" className="adm-icon-action__tip" hidden={!open} onPointerEnter={cancelClose}>
        {tip}
        {hint && (
          <span id={hintId} className="adm-icon-action__hint">
            {hint}
          </span>
        )}
      </span>
    </span>
  );
}
