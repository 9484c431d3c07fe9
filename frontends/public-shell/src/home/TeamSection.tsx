import { Mail, Phone } from 'lucide-react';
import type { TeamMember } from '../state/page-state';
import { usePageState } from '../state/page-context';
import { telHref } from './contact-links';
import { initialsOf, orderedTeam, teamHeading, teamPhone } from './team';
import { Section } from '../components/Section';
import { MemberPhoto } from '../components/MemberPhoto';

/**
 * docs/public-site.md#pages-and-routes team section (id team): 'Meet Our Wellness Professional' for
 * one member, 'Meet Our Team' for more, nothing when there are none.
 */
export function TeamSection() {
  const { client, staff } = usePageState();
  const heading = teamHeading(staff.length);
  if (!heading) return null;
  const callHref = telHref(teamPhone(client.phone));
  const team = orderedTeam(staff);
  return (
    <Section id="team" titleId="team-title" title={heading} intro="Experienced, caring professionals dedicated to your health and wellbeing.">
      <ul className={`team-grid${team.length === 1 ? ' team-grid--single' : ''}`}>
        {team.map((member) => (
          <TeamCard key={member.id} member={member} callHref={callHref} />
        ))}
      </ul>
    </Section>
  );
}

function TeamCard({ member, callHref }: { member: TeamMember; callHref: string }) {
  return (
    <li className="team-card">
      <MemberPhoto
        member={member}
        className="team-card__photo"
        initialsClass="team-card__initials"
        initials={initialsOf(member.name)}
        sizes="(min-width: 640px) 320px, calc(100vw - 2.5rem)"
        size={320}
      />
      <div className="team-card__body">
        <h3 className="team-card__name">{member.name}</h3>
        {member.title && <p className="team-card__title">{member.title}</p>}
        {member.bio && <p className="team-card__bio">{member.bio}</p>}
        <div className="team-card__actions">
          <a className="team-card__action" href="#contact">
            <Mail size={16} aria-hidden />
            Contact<span className="sr-only"> {member.name}</span>
          </a>
          <a className="team-card__action" href={callHref}>
            <Phone size={16} aria-hidden />
            Call<span className="sr-only"> {member.name}</span>
          </a>
        </div>
      </div>
    </li>
  );
}
