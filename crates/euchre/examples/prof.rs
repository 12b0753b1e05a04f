use euchre::shuffle::{deal_rng, Batched};
use euchre::{Deal, Rules, Seat};
fn main() {
    let count: u32 = std::env::args().nth(1).map_or(1_000_000, |s| s.parse().unwrap());
    let rules = Rules::default();
    let mut rng = deal_rng(1);
    let mut sum = 0u64;
    let t = std::time::Instant::now();
    let mut dealer = Seat::new(0);
    for _ in 0..count {
        let mut deal = Deal::random(rules, dealer, &mut rng);
        sum += u64::from(deal.play_out_randomly(&mut Batched::new(&mut rng)));
        dealer = dealer.left();
    }
    eprintln!("{:.0} deals/s", f64::from(count) / t.elapsed().as_secs_f64());
    println!("{sum}");
}
