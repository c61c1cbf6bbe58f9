import type {RefusedParameter as Refused} from '@/lib/office/shared/input'
import {inputWords} from '@/lib/office/shared/words'
import styles from './RefusedParameter.module.css'

/** Says, above a page's content, which part of its address was refused and why (announced when the page opens). */
export function RefusedParameter({refused}: {refused: Refused | null}) {
  if (!refused) return null
  return (
    <p role="alert" className={styles.refused} data-refused-parameter={refused.field}>
      {inputWords.refusedParameter(refused.field, refused.message)}
    </p>
  )
}
