// /events/{event_slug} (articles spec "Event detail").
import { EventDetail } from '../../components/events/EventDetail.tsx';

export default function EventDetailPage() {
  return <EventDetail variant="upcoming" />;
}
