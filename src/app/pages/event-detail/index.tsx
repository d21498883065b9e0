// /events/{event_slug} (docs/pages.md, "Event detail").
import { EventDetail } from '../../components/events/EventDetail.tsx';

export default function EventDetailPage() {
  return <EventDetail variant="upcoming" />;
}
