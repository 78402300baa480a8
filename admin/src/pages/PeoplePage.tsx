import { useCallback, useEffect, useState } from "react";
import { api, formatTime, type Staff } from "../api";
import { useTitle } from "../useTitle";

interface Person {
  id: number;
  email: string;
  name: string;
  role: Staff["role"];
  created_at: string;
  revoked_at: string | null;
  passkeys: { id: string; created_at: string; last_used_at: string | null; revoked_at: string | null }[];
}

const roleNames = { admin: "Administrator", hr: "HR", sales: "Sales" } as const;

export function PeoplePage({ staff }: { staff: Staff }) {
  useTitle("People");
  const [people, setPeople] = useState<Person[] | null>(null);
  const [message, setMessage] = useState("");
  const load = useCallback(() => api<Person[]>("people").then(setPeople, (e: Error) => setMessage(e.message)), []);
  useEffect(() => void load(), [load]);

  const act = async (path: string, done: string) => {
    try {
      await api(path, {});
      setMessage(done);
      await load();
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>People</h1>
      <p>
        Invite someone with <code>npm run admin -- invite --email ADDRESS --role admin|hr|sales</code> on the server.
        Revoking a person or a passkey ends its use at once.
      </p>
      <div aria-live="polite">{message && <p className="hint">{message}</p>}</div>
      {people?.map((p) => (
        <section key={p.id} className="person" aria-labelledby={`person-${p.id}`}>
          <h2 id={`person-${p.id}`}>{p.name}</h2>
          <p>
            {p.email} · {roleNames[p.role]} · since {formatTime(p.created_at)}
            {p.revoked_at ? ` · revoked ${formatTime(p.revoked_at)}` : ""}
          </p>
          <ul className="passkeys">
            {p.passkeys.map((k, i) => (
              <li key={k.id}>
                Passkey {i + 1}, created {formatTime(k.created_at)}
                {k.last_used_at ? `, last used ${formatTime(k.last_used_at)}` : ", not used yet"}
                {k.revoked_at ? `, revoked ${formatTime(k.revoked_at)}` : ""}
                {!k.revoked_at && !p.revoked_at && (
                  <button
                    type="button"
                    className="link"
                    onClick={() =>
                      void act(`passkeys/${encodeURIComponent(k.id)}/revoke`, `Passkey ${i + 1} of ${p.name} revoked.`)
                    }
                  >
                    Revoke passkey {i + 1} of {p.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {!p.revoked_at && p.id !== staff.id && (
            <button
              type="button"
              className="danger"
              onClick={() => void act(`people/${p.id}/revoke`, `${p.name} revoked.`)}
            >
              Revoke {p.name}
            </button>
          )}
        </section>
      ))}
    </>
  );
}
