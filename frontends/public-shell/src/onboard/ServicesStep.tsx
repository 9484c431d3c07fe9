import {
  Activity,
  ArrowLeft,
  Check,
  ChevronRight,
  Flower2,
  HeartPulse,
  Scale,
  Scissors,
  Sparkles,
  Stethoscope,
  Target,
  User,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  selectedIn,
  serviceCountLabel,
  servicesOf,
  type OnboardingCategory,
  type OnboardingService,
  type OnboardingSubcategory,
} from './onboard-rules';

/** The spec's fixed icons (docs/public-site.md#pages-and-routes Onboarding); any other category or subcategory gets the stethoscope. */
const CATEGORY_ICONS: Readonly<Record<string, LucideIcon>> = {
  'Wellness Clinic': HeartPulse,
  "Men's Health": User,
  "Women's Health": Flower2,
  Aesthetic: Sparkles,
};
const SUBCATEGORY_ICONS: Readonly<Record<string, LucideIcon>> = {
  'Weight Management': Scale,
  'Skin & Aesthetics': Sparkles,
  "Men's Health": Activity,
  'Body Contouring': Target,
  'Hair Restoration': Scissors,
};

export type CatalogueState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; categories: OnboardingCategory[] };

type Level = { kind: 'categories' } | { kind: 'subcategories'; category: string } | { kind: 'services'; category: string; subcategory: string };

const SelectedBadge = ({ count }: { count: number }) =>
  count > 0 ? (
    <span className="onb-badge onb-badge--selected">
      <Check size={14} aria-hidden /> {count} selected
    </span>
  ) : null;

function Card({ icon: Icon, title, children, onOpen }: { icon: LucideIcon; title: string; children: ReactNode; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="onb-card" onClick={onOpen}>
        <span className="onb-card__icon" aria-hidden="true">
          <Icon size={24} />
        </span>
        <span className="onb-card__body">
          <span className="onb-card__title">{title}</span>
          {children}
        </span>
        <ChevronRight className="onb-card__chevron" size={20} aria-hidden />
      </button>
    </li>
  );
}

function ServiceOption({ service, checked, onToggle }: { service: OnboardingService; checked: boolean; onToggle: () => void }) {
  const id = `onb-service-${service.id}`;
  return (
    <li>
      <label className={`onb-service${checked ? ' onb-service--checked' : ''}`} htmlFor={id}>
        <input id={id} type="checkbox" className="onb-service__check" checked={checked} onChange={onToggle} />
        <span className="onb-service__body">
          <span className="onb-service__name">{service.name}</span>
          {service.description && <span className="onb-service__text">{service.description}</span>}
          {service.offer && <span className="onb-badge onb-badge--offer">{service.offer}</span>}
        </span>
      </label>
    </li>
  );
}

/**
 * Step 2 (docs/public-site.md#pages-and-routes Onboarding): categories, then a category's
 * subcategories, then a subcategory's services, each level with a back
 * button and the count of services chosen in it. From the categories, back
 * returns to step 1 with the details kept.
 */
export function ServicesStep({
  catalogue,
  selected,
  error,
  onToggle,
  onRetry,
  onBack,
}: {
  catalogue: CatalogueState;
  selected: ReadonlySet<number>;
  /** 'Please select at least one service', when the visitor tried without one. */
  error: string | null;
  onToggle: (serviceId: number) => void;
  onRetry: () => void;
  onBack: () => void;
}) {
  const [level, setLevel] = useState<Level>({ kind: 'categories' });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Each level's title takes the focus, so keyboard and screen reader users follow the move.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [level]);
  const go = (next: Level) => {
    moved.current = true;
    setLevel(next);
  };

  if (catalogue.status === 'loading') {
    return (
      <div className="onb-level" aria-busy="true">
        <p className="onb-muted">Loading services…</p>
        <BackButton label="Back" onClick={onBack} />
      </div>
    );
  }
  if (catalogue.status === 'failed') {
    return (
      <div className="onb-level">
        <p className="onb-empty" role="alert">
          We could not load the services. Check your connection and try again.
        </p>
        <div className="onb-actions">
          <BackButton label="Back" onClick={onBack} />
          <button type="button" className="btn btn--brand" onClick={onRetry}>
            Try Again
          </button>
        </div>
      </div>
    );
  }
  const { categories } = catalogue;
  if (categories.length === 0) {
    return (
      <div className="onb-level">
        <p className="onb-empty">No services available at the moment.</p>
        <BackButton label="Back" onClick={onBack} />
      </div>
    );
  }

  const category = level.kind === 'categories' ? undefined : categories.find((c) => c.name === level.category);
  const subcategory: OnboardingSubcategory | undefined =
    level.kind === 'services' ? category?.subcategories.find((s) => s.name === level.subcategory) : undefined;

  let body: ReactNode;
  let title: string;
  let back: ReactNode;
  if (category && subcategory) {
    title = subcategory.name;
    back = <BackButton label={`Back to ${category.name}`} onClick={() => go({ kind: 'subcategories', category: category.name })} />;
    body = (
      <ul className="onb-services">
        {subcategory.services.map((service) => (
          <ServiceOption key={service.id} service={service} checked={selected.has(service.id)} onToggle={() => onToggle(service.id)} />
        ))}
      </ul>
    );
  } else if (category) {
    title = category.name;
    back = <BackButton label="Back to categories" onClick={() => go({ kind: 'categories' })} />;
    body = (
      <ul className="onb-cards">
        {category.subcategories.map((sub) => (
          <Card
            key={sub.name}
            icon={SUBCATEGORY_ICONS[sub.name] ?? Stethoscope}
            title={sub.name}
            onOpen={() => go({ kind: 'services', category: category.name, subcategory: sub.name })}
          >
            <span className="onb-card__meta">
              {serviceCountLabel(sub.services.length)}
              <SelectedBadge count={selectedIn(selected, sub.services)} />
            </span>
          </Card>
        ))}
      </ul>
    );
  } else {
    title = 'Choose a category';
    back = <BackButton label="Back" onClick={onBack} />;
    body = (
      <ul className="onb-cards">
        {categories.map((cat) => (
          <Card key={cat.name} icon={CATEGORY_ICONS[cat.name] ?? Stethoscope} title={cat.name} onOpen={() => go({ kind: 'subcategories', category: cat.name })}>
            {cat.description && <span className="onb-card__text">{cat.description}</span>}
            <span className="onb-card__meta">
              {serviceCountLabel(cat.serviceCount)}
              <SelectedBadge count={selectedIn(selected, servicesOf(cat))} />
            </span>
          </Card>
        ))}
      </ul>
    );
  }

  return (
    <div className="onb-level">
      <div className="onb-level__head">
        {back}
        <h3 ref={heading} tabIndex={-1} className="onb-level__title">
          {title}
        </h3>
      </div>
      {body}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--ghost onb-back" onClick={onClick}>
      <ArrowLeft size={18} aria-hidden />
      {label}
    </button>
  );
}
