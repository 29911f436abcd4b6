import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSetFollowing } from '../api/follow-complaint';

/**
 * Me too and leaving, in place (each the other's Undo, no dialog): whether the student follows the
 * complaint now (`changed` once they pressed one here), a failure to show, and the two buttons'
 * refs, so the keyboard's focus moves to the button that takes the place of the one pressed.
 */
export function useFollowSwitch(number: string, initially: boolean) {
  const follow = useSetFollowing();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const followButton = useRef<HTMLButtonElement>(null);
  const leaveButton = useRef<HTMLButtonElement>(null);

  async function set(following: boolean) {
    setFailure(null);
    try {
      await follow.mutateAsync({ number, following });
      setChosen(following);
      requestAnimationFrame(() => (following ? leaveButton : followButton).current?.focus());
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return { following: chosen ?? initially, changed: chosen !== null, set, failure, pending: follow.isPending, followButton, leaveButton };
}
