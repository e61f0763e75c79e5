import { useParams } from 'react-router-dom';
import type { AppIconName } from '../../app/icons';
import { NotBuiltPage } from './not-built-page';

/** Detail screens (quote/:id and friends): id 0 is the 'new' form, as in spec §2's 'Other routes'. */
export function DetailNotBuiltPage({ label, icon }: { label: string; icon: AppIconName }) {
  const { id } = useParams();
  const title = id === '0' ? `New ${label}` : `${label} ${id ?? ''}`.trim();
  return <NotBuiltPage title={title} icon={icon} />;
}
