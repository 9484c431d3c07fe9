import type { TeamMember } from '../state/page-state';
import { UploadedImage } from './UploadedImage';

/** A team member's square photo (a 320-pixel slot), or their initials in its place (home and service pages' team cards). */
export function MemberPhoto({
  member,
  className,
  initialsClass,
  initials,
  sizes,
  size,
}: {
  member: TeamMember;
  className: string;
  /** The class beside `className` on the initials' stand-in. */
  initialsClass: string;
  initials: string;
  sizes: string;
  /** The image's width and height. */
  size: number;
}) {
  return (
    <UploadedImage
      className={className}
      path={member.imagePath}
      alt={member.name}
      slotWidth={320}
      sizes={sizes}
      width={size}
      height={size}
      fallback={
        <span className={`${className} ${initialsClass}`} aria-hidden>
          {initials}
        </span>
      }
    />
  );
}
