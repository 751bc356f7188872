import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react'
import { MAX_ATTACHMENT_BYTES, PAN_PATTERN, PAN_RULE } from '../../../../server/domain/kyc-rules'
import { Button, ButtonLink } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert, FieldErrors, TextField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { useTextForm } from '../../components/text-form'
import ui from '../../components/ui.module.css'
import { DetailsForm, OnFileSummary, type Tone, useFieldErrors } from './bits'
import kyc from './kyc.module.css'
import {
  type Attachment,
  attachmentObjectUrl,
  type PanCard,
  panCardQuery,
  refreshKyc,
  savePan,
  uploadAttachment,
} from './kyc-api'
import styles from './wallet.module.css'

const STATUS: Record<PanCard['status'], { tone: Tone; label: string }> = {
  pending: { tone: 'wait', label: 'Pending review' },
  approved: { tone: 'ok', label: 'Approved' },
  rejected: { tone: 'bad', label: 'Rejected' },
}

/** `/wallet/verify-pan-card`: name, number, date of birth and a photo; then an admin decides. */
export function VerifyPanPage() {
  const pan = useQuery(panCardQuery)
  const [editing, setEditing] = useState(false)
  if (pan.isPending) return <Loading />
  if (pan.isError) return <Alert>{pan.error.message}</Alert>
  const card = pan.data
  return (
    <div className={styles.page} data-testid="verify-pan-page">
      <PageHead title="Verify PAN card" subtitle="Needed before you withdraw winnings (and for TDS)." />
      {card ? <PanStatus card={card} /> : null}
      {card?.status === 'approved' ? (
        <ButtonLink to="/wallet" variant="secondary">
          Back to wallet
        </ButtonLink>
      ) : !card || card.status === 'rejected' || editing ? (
        <PanForm card={card} onSaved={() => setEditing(false)} />
      ) : (
        <Button variant="ghost" onClick={() => setEditing(true)}>
          Correct the details
        </Button>
      )}
    </div>
  )
}

function PanStatus({ card }: { card: PanCard }) {
  const status = STATUS[card.status]
  return (
    <Card className={`${styles.section} ${styles.spaced}`}>
      <OnFileSummary
        caption={card.name}
        value={card.pan_number}
        valueTestId="pan-number"
        tone={status.tone}
        status={status.label}
        statusTestId="pan-status"
      />
      {card.status === 'pending' ? (
        <p className={styles.muted}>
          We review PAN cards within 3 working days. You can correct the details meanwhile.
        </p>
      ) : null}
      {card.status === 'rejected' ? (
        <Alert>
          {card.reason ? `Rejected: ${card.reason}. ` : 'Rejected. '}Please submit it again with a clear
          photo.
        </Alert>
      ) : null}
    </Card>
  )
}

// Long: one form: name, number, birth date and photo share the local checks and the server's errors.
function PanForm({ card, onSaved }: { card: PanCard | null; onSaved: () => void }) {
  const client = useQueryClient()
  const { form, setValue, binder } = useTextForm({
    name: card?.name ?? '',
    pan_number: card?.pan_number ?? '',
    dob: card?.dob ?? '',
  })
  const { photo, preview, setPreview, upload } = usePanPhoto(card)
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      savePan({
        name: form.name.trim(),
        pan_number: form.pan_number.trim().toUpperCase(),
        dob: form.dob,
        attachment_id: photo?.id ?? 0,
      }),
    onSuccess: async (answer) => {
      client.setQueryData(panCardQuery.queryKey, answer.pan_card)
      await refreshKyc(client)
      onSaved()
    },
  })
  const { local, setLocal, errorsOf, check } = useFieldErrors(save.error)
  const field = binder(errorsOf)

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (file.size > MAX_ATTACHMENT_BYTES) {
      setLocal({ file: [`is too large (maximum is ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB)`] })
      return
    }
    setLocal({})
    setPreview(URL.createObjectURL(file))
    upload.mutate(file)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems: Record<string, string[]> = {}
    if (!PAN_PATTERN.test(form.pan_number.trim().toUpperCase())) problems.pan_number = [PAN_RULE]
    if (form.name.trim().length < 2) problems.name = ['enter the name as printed on the card']
    if (!form.dob) problems.dob = ['enter your date of birth']
    if (!photo) problems.attachment_id = ['upload a photo of the card']
    if (check(problems)) save.mutate()
  }

  const uploadErrors = fieldErrorsOf(upload.error).file
  return (
    <DetailsForm
      onSubmit={submit}
      error={save.error}
      shownFields={['name', 'pan_number', 'dob', 'attachment_id']}
    >
      <TextField label="Name on the card" {...field('name')} autoComplete="name" />
      <TextField
        label="PAN"
        {...field('pan_number')}
        onChange={(e) => setValue('pan_number', e.target.value.toUpperCase())}
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        placeholder="ABCDE1234F"
        hint="5 letters, 4 digits, 1 letter"
      />
      <TextField label="Date of birth" {...field('dob')} type="date" />
      <PhotoField photo={photo} preview={preview} upload={upload} onPick={pick} />
      <FieldErrors errors={local.file ?? uploadErrors ?? errorsOf('attachment_id')} />
      {upload.error && !uploadErrors ? <Alert>{upload.error.message}</Alert> : null}
      <Button type="submit" block busy={save.isPending} disabled={upload.isPending} data-testid="save-pan">
        Submit for review
      </Button>
    </DetailsForm>
  )
}

/** The card's photo: the one on file for a pending review, then each upload; its preview as a blob URL. */
function usePanPhoto(card: PanCard | null) {
  const [photo, setPhoto] = useState<Attachment | null>(card?.status === 'pending' ? card.attachment : null)
  const [preview, setPreview] = useState<string | null>(null)

  // A photo already on file is shown through a blob URL (its route needs the bearer token).
  useEffect(() => {
    if (!photo || preview) return
    let url: string | null = null
    void attachmentObjectUrl(photo.url).then((u) => {
      url = u
      setPreview(u)
    })
    return () => {
      if (url) URL.revokeObjectURL(url)
    }
  }, [photo, preview])

  const upload = useMutation({
    mutationFn: uploadAttachment,
    meta: { silent: true },
    onSuccess: (attachment) => setPhoto(attachment),
  })
  return { photo, preview, setPreview, upload }
}

function PhotoField({
  photo,
  preview,
  upload,
  onPick,
}: {
  photo: Attachment | null
  preview: string | null
  upload: { isPending: boolean }
  onPick: (event: ChangeEvent<HTMLInputElement>) => void
}) {
  return (
    <div className={kyc.upload}>
      <span className={kyc.thumb}>{preview ? <img src={preview} alt="Your PAN card" /> : 'No photo'}</span>
      <span>
        <label className={`${ui.button} ${ui.secondary} ${ui.small} ${kyc.fileButton}`}>
          {upload.isPending ? 'Uploading..' : photo ? 'Change photo' : 'Upload photo'}
          <input
            type="file"
            name="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={onPick}
            disabled={upload.isPending}
            data-testid="pan-photo"
          />
        </label>
        <span className={kyc.fileName}>{photo ? photo.file_name : 'PNG, JPEG or WebP, up to 2 MB'}</span>
      </span>
    </div>
  )
}
