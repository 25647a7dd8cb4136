/** A rank the manager may give or take away, as the Ranks form lists it. */
export interface OfferedRank {
  id: string;
  name: string;
  colour: string;
  /** The user holds it by hand now. */
  held: boolean;
  /** Not held, and it grants permissions the manager lacks: it stays as it is, and says why. */
  locked: boolean;
}

interface Props {
  offered: OfferedRank[];
  /** The ranks checked now. */
  held: Set<string>;
  disabled: boolean;
  onToggle: (id: string, on: boolean) => void;
  /** Why a locked rank cannot be given, in the page's language. */
  locked: string;
}

/** The Ranks form's checkboxes, highest first, each with its colour; a locked one says why. */
export function RankOptions({ offered, held, disabled, onToggle, locked }: Props) {
  return offered.map((rank) => (
    <div className="rank-option" key={rank.id}>
      <label className="checkbox">
        <input
          type="checkbox"
          name="ranks"
          value={rank.id}
          checked={held.has(rank.id)}
          disabled={disabled || rank.locked}
          aria-describedby={rank.locked ? `rank-${rank.id}-why` : undefined}
          onChange={(event) => onToggle(rank.id, event.target.checked)}
        />
        <span className="rank-swatch" style={{ backgroundColor: rank.colour }} aria-hidden="true" />
        {rank.name}
      </label>
      {rank.locked && (
        <p className="help" id={`rank-${rank.id}-why`}>
          {locked}
        </p>
      )}
    </div>
  ));
}
