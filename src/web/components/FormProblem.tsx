import type { ReactNode } from 'react';
import { seedTexts } from '../../shared/constants';
import { i18n } from '../lib/i18n';
import type { SubmissionProblem } from '../lib/submission';
import { SignInButton } from './SignInButton';
import { Alert } from './ui/Alert';
import { buttonPrimary } from './ui/styles';

interface FormProblemProps {
  problem: SubmissionProblem | null;
  /** Under "Please Sign In first": what happens to what the student typed. */
  signInNote?: ReactNode;
}

/**
 * Why a student's form was not sent (role="alert"): not signed in (the seed's words and the
 * Sign In button), or the message for everything no field shows.
 */
export function FormProblem({ problem, signInNote }: FormProblemProps) {
  if (!problem) return null;
  return (
    <Alert data-testid="form-problem">
      {problem.kind === 'sign-in' ? (
        <>
          <p className="font-semibold">{i18n._(seedTexts.signInFirst)}</p>
          {signInNote}
          <SignInButton className={`${buttonPrimary} mt-3`} />
        </>
      ) : (
        <p>{problem.message}</p>
      )}
    </Alert>
  );
}
