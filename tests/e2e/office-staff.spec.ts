import {randomUUID} from 'node:crypto'
import {accessWords} from '../../lib/office/access/words'
import {waitForMail} from './support/leads'
import {addStaffAsOwner, baseUrlOf, signInAs, signInAsOwner} from './support/office'
import {addressOf, E2E_INBOX} from './support/smtp'
import {expect, test} from './support/test'

/**
 * The owner's Staff page without JavaScript: a crew member is given a crew (refused with the field
 * named without one), the new member is e-mailed one invitation that opens the sign-in page with
 * their address filled in, and an owner renames a member, changes their crew, and renames themselves.
 */

const w = accessWords.staff

test('adding a crew member needs their crew, e-mails them one invitation to the sign-in page, and they can be renamed and moved to another crew', async ({browser, page}) => {
  const context = await browser.newContext({baseURL: baseUrlOf(), javaScriptEnabled: false})
  try {
    const owner = await context.newPage()
    await signInAsOwner(owner, '/office/staff')
    const email = `crew.${randomUUID().slice(0, 8)}@office.test`
    const add = owner.getByRole('region', {name: w.addTitle})
    await add.getByLabel(w.nameLabel, {exact: true}).fill('Cruz Crew')
    await add.getByLabel(w.emailLabel, {exact: true}).fill(email)
    await add.getByLabel(w.roleLabel, {exact: true}).selectOption('crew')
    await add.getByRole('button', {name: w.addButton, exact: true}).click()
    // Refused beside the crew field, the rest kept as typed; nobody added.
    const crew = owner.getByRole('region', {name: w.addTitle}).getByLabel(w.crewLabel, {exact: true})
    await expect(crew).toHaveAttribute('aria-invalid', 'true')
    await expect(crew).toHaveAccessibleDescription(new RegExp(w.problems.crew))
    await expect(owner.getByRole('region', {name: w.addTitle}).getByLabel(w.emailLabel, {exact: true})).toHaveValue(email)
    await expect(owner.getByRole('cell', {name: email})).toHaveCount(0)

    await crew.selectOption('exterior')
    await owner.getByRole('region', {name: w.addTitle}).getByRole('button', {name: w.addButton, exact: true}).click()
    await expect(owner.getByRole('status')).toHaveText(w.done.added)
    const row = owner.getByRole('row').filter({hasText: email})
    await expect(row).toContainText(w.crewRole('Exterior'))

    // One invitation, to them, leading to the sign-in page with their address filled in.
    const [mail] = await waitForMail(E2E_INBOX, (m) => addressOf(m.to) === email && m.subject === accessWords.invitation.subject)
    const link = /https?:\/\/\S+\/office\/sign-in\?email=\S+/.exec(mail.text ?? '')?.[0]
    expect(link, mail.text).toBeTruthy()
    const invited = await browser.newContext({baseURL: baseUrlOf()})
    const member = await invited.newPage()
    await member.goto(link!)
    await expect(member.getByLabel(accessWords.signIn.emailLabel)).toHaveValue(email)
    await invited.close()
    expect(await waitForMail(E2E_INBOX, (m) => addressOf(m.to) === email && m.subject === accessWords.invitation.subject)).toHaveLength(1)

    // Renamed and moved to the commercial crew, recorded in the history.
    await row.getByRole('link', {name: w.edit('Cruz Crew')}).click()
    const edit = owner.getByRole('region', {name: w.editTitle('Cruz Crew')})
    await edit.getByLabel(w.nameLabel, {exact: true}).fill('Cruz Lead')
    await edit.getByLabel(w.crewLabel, {exact: true}).selectOption('commercial')
    await edit.getByRole('button', {name: w.saveButton}).click()
    await expect(owner.getByRole('status')).toHaveText(w.done.changed)
    await expect(owner.getByRole('row').filter({hasText: email})).toContainText('Cruz Lead')
    await expect(owner.getByRole('row').filter({hasText: email})).toContainText(w.crewRole('Commercial'))
    const history = owner.getByRole('region', {name: w.historyTitle})
    await expect(history.getByRole('listitem').filter({hasText: accessWords.history.actions.staff_changed}).filter({hasText: 'Cruz Lead'}).first()).toBeVisible()
  } finally {
    await context.close()
  }

  // A second owner renames themselves (the suite's owner keeps the name other tests read).
  const ownerEmail = `owner.${randomUUID().slice(0, 8)}@office.test`
  await addStaffAsOwner(browser, {name: 'Owner', email: ownerEmail, role: 'owner'})
  await signInAs(page, ownerEmail, '/office/staff')
  await expect(page.getByText(w.renameYourself('Owner'))).toBeVisible()
  await page.getByRole('link', {name: w.edit('Owner')}).first().click()
  const me = page.getByRole('region', {name: w.editTitle('Owner')})
  await me.getByLabel(w.nameLabel, {exact: true}).fill('Olive Owner')
  await me.getByRole('button', {name: w.saveButton}).click()
  await expect(page.getByRole('status')).toHaveText(w.done.changed)
  await expect(page.getByRole('banner')).toContainText(`${accessWords.signedInAs} Olive Owner`)
})
