// An app that adds only the `ServiceUtils` product, as a SurfUtils app would: UmbrellaLinkTests
// reads this executable's symbols to prove the umbrella links library code only (no MockServerKit,
// no GroceryAPI). It touches a type of each module it uses so the build cannot prune them.
import Foundation
import ServiceUtils

let client = HTTPClient()
let selector = WordDeclinationSelector.declineWord(for: 3, from: WordDeclinations("день", "дня", "дней"))
let money = MoneyModel(decimal: 1234, digit: 50)
print(client.transportName, selector, money.decimal)
