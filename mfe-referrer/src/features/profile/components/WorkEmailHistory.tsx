import { formatDate, type WorkEmailHistoryEntry } from '@referio/shared';

/** The referrer's verified work e-mails: a table on a laptop, a block per entry on a phone. */
export function WorkEmailHistory({ history }: { history: readonly WorkEmailHistoryEntry[] }) {
  return (
    <section className="rf-card rr-history" aria-labelledby="rr-history-title">
      <h2 id="rr-history-title">Work Email History</h2>
      {history.length === 0 ? (
        <p className="rr-muted">No verified work e-mail yet.</p>
      ) : (
        <table className="rr-table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Company</th>
              <th scope="col">Start Date</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) => (
              <tr key={h._id}>
                <td data-label="Email">{h.email}</td>
                <td data-label="Company">{h.companyName}</td>
                <td data-label="Start Date">{formatDate(h.startDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
