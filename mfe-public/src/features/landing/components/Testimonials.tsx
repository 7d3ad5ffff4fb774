import { useQuery } from '@tanstack/react-query';
import { Spinner, siteQueries } from '@referio/shared';
import { Island } from '@referio/shared/islands';
import { Stories, StoriesFrame } from './Stories';

export { scrollTrack } from './Stories';

/** Success Stories with their data: the carousel (an island of the landing) once the testimonials are in. */
export default function Testimonials() {
  const query = useQuery(siteQueries.testimonials());
  if (query.isPending) {
    return (
      <StoriesFrame>
        <Spinner label="Loading success stories" />
      </StoriesFrame>
    );
  }
  if (query.isError) {
    return (
      <StoriesFrame>
        <p>Success stories could not be loaded.</p>
      </StoriesFrame>
    );
  }
  return (
    <Island name="mfe_public/StoriesIsland" props={{ items: query.data }}>
      <Stories items={query.data} />
    </Island>
  );
}
