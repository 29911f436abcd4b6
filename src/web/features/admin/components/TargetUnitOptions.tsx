import { TARGET_UNITS } from '../../../../shared/working-time';
import { targetUnitWord } from '../../../lib/target-words';

/** The options of a target's unit in a select: every hour, or only the working calendar's. */
export function TargetUnitOptions() {
  return TARGET_UNITS.map((unit) => (
    <option key={unit} value={unit}>
      {targetUnitWord(unit)}
    </option>
  ));
}
