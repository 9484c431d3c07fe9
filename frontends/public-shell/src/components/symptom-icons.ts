import {
  Activity,
  AlertTriangle,
  Battery,
  Brain,
  Clock,
  Eye,
  Frown,
  Headphones,
  Heart,
  HelpCircle,
  Minus,
  Moon,
  Pill,
  Plus,
  Scale,
  Shield,
  Smile,
  Stethoscope,
  Sun,
  Target,
  Thermometer,
  TrendingDown,
  TrendingUp,
  User,
  Users,
  Weight,
  X,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { SymptomIcon } from '@hap/contracts';

/**
 * docs/public-site.md#what-a-page-shows's symptom icon names, which are lucide's, to their icons.
 * Named imports only, so the bundle holds these 28 and no other.
 */
const ICONS: Readonly<Record<SymptomIcon, LucideIcon>> = {
  Battery,
  Zap,
  Heart,
  Brain,
  Moon,
  Sun,
  Frown,
  Smile,
  TrendingDown,
  TrendingUp,
  Scale,
  Activity,
  AlertTriangle,
  Clock,
  Eye,
  Headphones,
  Shield,
  Target,
  User,
  Users,
  Weight,
  Thermometer,
  Pill,
  Stethoscope,
  Plus,
  Minus,
  X,
  HelpCircle,
};

/** A symptom's icon; a name outside the set is HelpCircle (docs/public-site.md#what-a-page-shows). */
export function symptomIconOf(name: string | null | undefined): LucideIcon {
  return (name && Object.hasOwn(ICONS, name) ? ICONS[name as SymptomIcon] : undefined) ?? HelpCircle;
}
