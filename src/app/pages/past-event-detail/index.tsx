// /past-events/{event_slug} (docs/pages.md, "Event detail"; the past-event
// version uses the second and third active ads).
import { EventDetail } from '../../components/events/EventDetail.tsx';

export default function PastEventDetailPage() {
  return <EventDetail variant="past" />;
}
